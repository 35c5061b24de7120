/** Fuzzing JSON-LD reading (SPEC SEC-4, EXT-4, SIG-2): broken, deep and hostile blocks never throw or hang. */
import fc from "fast-check";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { parseJsonLoose, readJsonLd, repairJson } from "@/crawler/parse/article/json-ld";
import { jsonLdArticle } from "@/crawler/parse/article/json-ld-article";
import { boundedCall } from "./bounded";
import { mutatedText } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";

const encode = (text: string) => new TextEncoder().encode(text);
const ARTICLE = {
  "@context": "https://schema.org",
  "@type": "NewsArticle",
  headline: "El Gobierno aprueba la reforma",
  datePublished: "2025-03-10T08:00:00+01:00",
  dateModified: "2025-03-10T09:30:00+01:00",
  articleSection: "España",
  author: [{ "@type": "Person", name: "Ana Pérez" }, { name: "Luis Gómez" }],
  isAccessibleForFree: false,
  hasPart: { "@type": "WebPageElement", isAccessibleForFree: "False", cssSelector: ".paywall" },
};
const SEEDS = [
  JSON.stringify(ARTICLE),
  JSON.stringify({ "@graph": [{ "@type": "WebPage" }, ARTICLE] }),
  JSON.stringify([ARTICLE, ARTICLE]),
  `<![CDATA[${JSON.stringify(ARTICLE)}]]>`,
  JSON.stringify(ARTICLE).replace(/"/g, "&quot;"),
  `${JSON.stringify(ARTICLE).slice(0, -1)},}`,
].map(encode);

/** Any JSON-LD-ish value: what a parsed block may hold, nested. */
const ldValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(
      fc.constantFrom(
        "@type",
        "@graph",
        "headline",
        "name",
        "author",
        "datePublished",
        "dateModified",
        "articleSection",
        "isAccessibleForFree",
        "hasPart",
        "mainEntity",
        "@id",
      ),
      tie("value"),
      { maxKeys: 6 },
    ),
    fc.array(tie("value"), { maxLength: 4 }),
  ),
})).value;

describe("JSON-LD under hostile input (SPEC SEC-4, EXT-4)", () => {
  it(
    "SEC-4: mutated blocks are repaired, parsed or skipped without throwing, within the bound",
    () => {
      fc.assert(
        fc.property(mutatedText(SEEDS), (text) => {
          boundedCall(() => {
            repairJson(text);
            const value = parseJsonLoose(text);
            jsonLdArticle(value === undefined ? [] : [value], (s) => s);
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: any value shape, cyclic-free or deeply nested, maps to an article or nothing",
    () => {
      fc.assert(
        fc.property(fc.array(ldValue, { maxLength: 3 }), (values) => {
          const article = boundedCall(() => jsonLdArticle(values, (s) => s));
          if (article?.publishedAt) expect(Number.isFinite(article.publishedAt.getTime())).toBe(true);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: deep nesting in a block (10⁵ brackets) is skipped, not a stack overflow",
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom("[", '{"a":', '{"@graph":['), (n, open) => {
          const doc = parseHTML(
            `<html><head><script type="application/ld+json">${open.repeat(n)}</script></head><body></body></html>`,
          ).document;
          boundedCall(() => jsonLdArticle(readJsonLd(doc), (s) => s));
        }),
        fuzzParameters({ numRuns: Math.min(50, fuzzParameters().numRuns ?? 50) }),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
