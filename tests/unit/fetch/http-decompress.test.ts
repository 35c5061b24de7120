import { Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { readBody } from "@/crawler/fetch/body-limits";
import { gunzipFile, parseContentEncoding, type Coding } from "@/crawler/fetch/decompress";
import { FetchFailure } from "@/crawler/fetch/outcome";

const text = "Titular de portada — año 2026 ¿qué pasó? ".repeat(50);
const read = (chunks: Buffer[], codings: Coding[], cap = 1 << 20, truncate = false) =>
  readBody(Readable.from(chunks), { codings, cap, truncate, signal: new AbortController().signal, meter: { wireBytes: 0 } });
const failureCode = async (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: unknown) => (e instanceof FetchFailure ? e.code : String(e)),
  );

describe("content decoding", () => {
  it.each([
    ["gzip", ["gzip"]],
    ["x-gzip", ["gzip"]],
    ["GZIP, br", ["gzip", "br"]],
    ["identity", []],
    ["", []],
    [undefined, []],
    ["deflate", ["deflate"]],
  ])("ID-2: Content-Encoding %s is decoded as %j", (value, codings) => {
    expect(parseContentEncoding(value)).toEqual(codings);
  });

  it.each(["zstd", "compress", "gzip, gzip, gzip, gzip"])("SEC-4: Content-Encoding %s is a decoding error", (value) => {
    expect(() => parseContentEncoding(value)).toThrow(FetchFailure);
  });

  it.each<[string, Coding[], Buffer]>([
    ["gzip", ["gzip"], zlib.gzipSync(text)],
    ["zlib deflate", ["deflate"], zlib.deflateSync(text)],
    ["raw deflate", ["deflate"], zlib.deflateRawSync(text)],
    ["brotli", ["br"], zlib.brotliCompressSync(text)],
    ["gzip then br", ["gzip", "br"], zlib.brotliCompressSync(zlib.gzipSync(text))],
  ])("POL-5: %s is decoded while streaming", async (_name, codings, wire) => {
    const chunks = [wire.subarray(0, 1), wire.subarray(1, 7), wire.subarray(7)];
    const { body } = await read(chunks, codings);
    expect(Buffer.from(body).toString("utf8")).toBe(text);
  });

  it("POL-5: a truncated gzip stream yields what arrived (lenient like browsers)", async () => {
    const wire = zlib.gzipSync(text);
    const { body } = await read([wire.subarray(0, wire.length - 8)], ["gzip"]);
    expect(Buffer.from(body).toString("utf8")).toBe(text);
  });

  it("SEC-4: garbage under Content-Encoding: gzip is a decoding error", async () => {
    expect(await failureCode(read([Buffer.from("this is not gzip at all")], ["gzip"]))).toBe("decoding-error");
  });

  it("POL-5: the decoded size is capped, not only the wire size", async () => {
    const wire = zlib.gzipSync(Buffer.alloc(4 << 20));
    expect(wire.length).toBeLessThan(64 << 10);
    expect(await failureCode(read([wire], ["gzip"], 1 << 20))).toBe("too-large");
  });

  it("POL-5: in truncate mode (error pages) the first cap bytes are kept", async () => {
    const { body, truncated } = await read([zlib.gzipSync(Buffer.alloc(4 << 20, 0x61))], ["gzip"], 100_000, true);
    expect(truncated).toBe(true);
    expect(body.length).toBe(100_000);
  });

  it("POL-5: a .xml.gz sitemap file is inflated under the cap", async () => {
    const xml = "<urlset>" + "<url><loc>https://a.test/x</loc></url>".repeat(100) + "</urlset>";
    expect(Buffer.from(await gunzipFile(zlib.gzipSync(xml), 1 << 20)).toString()).toBe(xml);
    expect(await failureCode(gunzipFile(zlib.gzipSync(Buffer.alloc(2 << 20)), 1 << 20))).toBe("too-large");
    expect(await failureCode(gunzipFile(Buffer.from([0x1f, 0x8b, 1, 2, 3]), 1 << 20))).toBe("decoding-error");
  });
});
