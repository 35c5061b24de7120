/**
 * Fuzzing content decoding (SPEC SEC-4, POL-5): mutated gzip/deflate/brotli bodies and odd
 * Content-Encoding values end in bytes or in the documented typed failure (`FetchFailure`
 * for the header and files, a stream 'error' event for streams), never an uncaught throw.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDecoder, gunzipFile, parseContentEncoding, type Coding } from "@/crawler/fetch/decompress";
import { FetchFailure } from "@/crawler/fetch/outcome";
import { boundedAsync, boundedCall } from "./bounded";
import { mutated } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { feedSeeds } from "./seeds";

const plain = feedSeeds().slice(0, 6);
const ENCODED: Record<Coding, Uint8Array[]> = {
  gzip: plain.map((d) => new Uint8Array(zlib.gzipSync(d))),
  deflate: [...plain.map((d) => new Uint8Array(zlib.deflateSync(d))), ...plain.map((d) => new Uint8Array(zlib.deflateRawSync(d)))],
  br: plain.map((d) => new Uint8Array(zlib.brotliCompressSync(d))),
};
const CAP = 1024 * 1024;
const isFetchFailure = (e: unknown) => e instanceof FetchFailure;
const isStreamError = (e: unknown) => e instanceof Error && typeof (e as { code?: unknown }).code === "string";

async function decodeAll(coding: Coding, body: Uint8Array): Promise<number> {
  let size = 0;
  await pipeline(Readable.from([Buffer.from(body)]), createDecoder(coding, body.subarray(0, 2)), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > CAP) throw Object.assign(new Error("cap"), { code: "TOO_LARGE" });
    }
  });
  return size;
}

describe("content decoding under hostile input (SPEC SEC-4, POL-5)", () => {
  it(
    "SEC-4: any Content-Encoding value gives codings or a FetchFailure",
    () => {
      const value = fc.oneof(
        fc.string({ unit: "binary", maxLength: 100 }),
        fc
          .array(fc.constantFrom("gzip", "x-gzip", "br", "deflate", "identity", "", " ", "zstd", "GZIP"), { maxLength: 6 })
          .map((t) => t.join(",")),
      );
      fc.assert(
        fc.property(value, (text) => {
          boundedCall(() => parseContentEncoding(text), isFetchFailure);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: a mutated .gz file inflates or fails with a FetchFailure",
    async () => {
      await fc.assert(
        fc.asyncProperty(mutated(ENCODED.gzip), async (body) => {
          await boundedAsync(() => gunzipFile(body, CAP), isFetchFailure);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: a mutated gzip, deflate or brotli stream decodes or ends in a stream error",
    async () => {
      const coded = fc
        .constantFrom<Coding>("gzip", "deflate", "br")
        .chain((coding) => mutated(ENCODED[coding]).map((body) => [coding, body] as const));
      await fc.assert(
        fc.asyncProperty(coded, async ([coding, body]) => {
          const size = await boundedAsync(() => decodeAll(coding, body), isStreamError);
          expect(size === undefined || size <= CAP + 64 * 1024).toBe(true);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
