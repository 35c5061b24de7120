/** Fuzzing sitemap parsing (SPEC SEC-4, EXT-2): mutated, gzipped and cut sitemaps never throw or hang. */
import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSitemap } from "@/crawler/parse/sitemap/sitemap";
import { inflateIfGzip } from "@/crawler/fetch/bytes/gzip-file";
import { readRecords } from "@/crawler/parse/xml/xml";
import { xmlText } from "@/crawler/parse/xml/text";
import { boundedCall } from "./bounded";
import { mutated } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { SEED_URL, sitemapSeeds } from "./seeds";

const gzipped = (docs: Uint8Array[]) => docs.map((d) => new Uint8Array(zlib.gzipSync(d)));

describe("sitemaps under hostile input (SPEC SEC-4, EXT-2)", () => {
  it(
    "SEC-4: a mutated sitemap gives http(s) entries (or none) within the bound",
    () => {
      fc.assert(
        fc.property(mutated(sitemapSeeds()), (body) => {
          const sitemap = boundedCall(() => parseSitemap(body, SEED_URL.sitemap, "application/xml"));
          expect(sitemap?.kind).toMatch(/^(urlset|index)$/);
          for (const entry of sitemap?.entries ?? []) expect(entry.url).toMatch(/^https?:\/\//);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: the XML reader under parseSitemap never needs its safety net",
    () => {
      fc.assert(
        fc.property(mutated(sitemapSeeds()), (body) => {
          boundedCall(() => readRecords(xmlText(body), { isRecord: (_l, depth) => depth === 1, onRecord: () => undefined }));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: mutated gzip sitemaps inflate to bytes or to nothing, never an exception",
    () => {
      fc.assert(
        fc.property(mutated(gzipped(sitemapSeeds())), (body) => {
          const inflated = boundedCall(() => inflateIfGzip(body, 1024 * 1024));
          expect(inflated === undefined || inflated instanceof Uint8Array).toBe(true);
          boundedCall(() => parseSitemap(body, SEED_URL.sitemap));
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
