/** Fuzzing feed parsing (SPEC SEC-4, EXT-1): mutated RSS/RDF/Atom never throw, hang or yield junk items. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/crawler/parse/feed/feed";
import { feedItem } from "@/crawler/parse/feed/item";
import { readRecords } from "@/crawler/parse/xml/xml";
import { xmlText } from "@/crawler/parse/xml/text";
import { boundedCall } from "./bounded";
import { mutated } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { feedSeeds, SEED_URL } from "./seeds";

const CONTENT_TYPES = [
  undefined,
  "application/rss+xml",
  "text/xml; charset=iso-8859-1",
  "application/xml; charset=utf-16",
  "text/html; charset=bogus",
];

describe("feeds under hostile input (SPEC SEC-4, EXT-1)", () => {
  it(
    "SEC-4: a mutated feed gives well-formed items (or none) within the bound",
    () => {
      fc.assert(
        fc.property(mutated(feedSeeds()), fc.constantFrom(...CONTENT_TYPES), (body, contentType) => {
          const items = boundedCall(() => parseFeed(body, SEED_URL.feed, contentType)) ?? [];
          for (const item of items) {
            expect(item.url).toMatch(/^https?:\/\//);
            expect(item.title.length).toBeLessThanOrEqual(400);
            if (item.publishedAt) expect(Number.isFinite(item.publishedAt.getTime())).toBe(true);
          }
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  // parseFeed catches everything (SEC-4), which would hide a crash that loses a whole feed:
  // the reader and the item mapping underneath must not throw either.
  it(
    "SEC-4: the XML reader and item mapping under parseFeed never need its safety net",
    () => {
      fc.assert(
        fc.property(mutated(feedSeeds()), (body) => {
          boundedCall(() =>
            readRecords(xmlText(body), {
              isRecord: (local) => local === "item" || local === "entry",
              onRecord: (record) => void feedItem(record, SEED_URL.feed),
            }),
          );
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: arbitrary bytes and text are an empty or partial feed, never an exception",
    () => {
      fc.assert(
        fc.property(fc.oneof(fc.uint8Array({ maxLength: 4096 }), fc.string({ unit: "binary", maxLength: 4096 })), (body) => {
          expect(Array.isArray(boundedCall(() => parseFeed(body, SEED_URL.feed)))).toBe(true);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
