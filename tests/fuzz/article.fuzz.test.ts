/** Fuzzing article extraction (SPEC SEC-4, EXT-4, SIG-1..3): mutated pages never throw, hang or leak a closed body. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractArticle } from "@/crawler/parse/article/article";
import { readableBody } from "@/crawler/parse/article/body";
import { canonicalHref, metaFallbacks, readMetaTags } from "@/crawler/parse/article/meta";
import { hasWall, metaSignals } from "@/crawler/parse/article/signals";
import { parseHtmlDocument } from "@/crawler/parse/html/document";
import { readJsonLd } from "@/crawler/parse/article/json-ld";
import { jsonLdArticle } from "@/crawler/parse/article/json-ld-article";
import { boundedCall } from "./bounded";
import { mutated } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { articleSeeds, SEED_URL } from "./seeds";

const CONTENT_TYPES = [undefined, "text/html; charset=utf-8", "text/html; charset=iso-8859-1"];
const finite = (d: Date | undefined) => d === undefined || Number.isFinite(d.getTime());

describe("article pages under hostile input (SPEC SEC-4, EXT-4)", () => {
  it(
    "SEC-4: a mutated article gives bounded metadata and no body when closed, within the bound",
    () => {
      fc.assert(
        fc.property(mutated(articleSeeds()), fc.constantFrom(...CONTENT_TYPES), (html, contentType) => {
          const data = boundedCall(() => extractArticle(html, SEED_URL.page, contentType));
          expect(data).toBeDefined();
          if (!data) return;
          expect(finite(data.publishedAt) && finite(data.modifiedAt)).toBe(true);
          expect(data.headline?.length ?? 0).toBeLessThanOrEqual(1_000);
          if (data.canonicalUrl !== undefined) expect(data.canonicalUrl).toMatch(/^https?:\/\//);
          // SIG-1, SIG-2: closed or reserved text is never read.
          if (data.isAccessibleForFree === false || data.tdmReservation === true) expect(data.body).toBeUndefined();
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  // extractArticle catches everything (SEC-4), which would hide a crash that loses a page's
  // metadata: the steps underneath must not throw either (Readability's own throws are
  // caught, as documented, inside readableBody).
  it(
    "SEC-4: the DOM, meta, JSON-LD, signal and body steps under extractArticle never need its safety net",
    () => {
      fc.assert(
        fc.property(mutated(articleSeeds()), (html) => {
          boundedCall(() => {
            const doc = parseHtmlDocument(html);
            const clean = (s: string) => s.trim();
            const tags = readMetaTags(doc);
            jsonLdArticle(readJsonLd(doc), clean);
            metaFallbacks(doc, tags, clean);
            metaSignals(SEED_URL.page, tags);
            canonicalHref(doc);
            hasWall(doc, tags);
            readableBody(doc);
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
