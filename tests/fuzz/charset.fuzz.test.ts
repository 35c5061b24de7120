/** Fuzzing charset detection and decoding (SPEC SEC-4, EXT-1): any bytes and labels decode, never throw. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentTypeCharset, decodeText, detectCharset, normaliseCharset } from "@/crawler/fetch/bytes/charset";
import { decodeHtml } from "@/crawler/parse/html/document";
import { xmlText } from "@/crawler/parse/xml/text";
import { boundedCall } from "./bounded";
import { mutated } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { articleSeeds, feedSeeds } from "./seeds";

const LABELS = [
  "utf-8",
  "UTF8",
  "latin1",
  "iso-8859-1",
  "windows-1251",
  "utf-16",
  "utf-16be",
  "x-user-defined",
  "shift_jis",
  "gb18030",
  "euc-kr",
  "bogus",
  "",
  '"utf-8"',
  "'",
  "replacement",
  "iso-2022-jp",
];
const label = fc.oneof(fc.constantFrom(...LABELS), fc.string({ unit: "binary", maxLength: 40 }));
const contentType = fc.oneof(
  label.map((l) => `text/html; charset=${l}`),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constant(undefined),
);
const bytes = fc.oneof(mutated([...feedSeeds().slice(0, 8), ...articleSeeds().slice(0, 4)]), fc.uint8Array({ maxLength: 2048 }));

describe("charsets under hostile input (SPEC SEC-4, EXT-1)", () => {
  it(
    "SEC-4: any bytes with any declared label are detected and decoded to text without throwing",
    () => {
      fc.assert(
        fc.property(bytes, contentType, label, (body, type, name) => {
          boundedCall(() => {
            const headers = type === undefined ? {} : { "Content-Type": type };
            const detected = detectCharset(headers, body);
            expect(typeof decodeText(body, detected)).toBe("string");
            expect(typeof decodeText(body, name)).toBe("string");
            normaliseCharset(name);
            contentTypeCharset(type);
            xmlText(body, type);
            decodeHtml(body, type);
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
