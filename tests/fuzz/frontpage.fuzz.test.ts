/** Fuzzing front-page extraction (SPEC SEC-4, EXT-3): mutated pages never throw, hang or give junk links. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tryCanonicalUrl } from "@/lib/urls";
import { discoverFeeds } from "@/crawler/parse/html/discovery";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { MAX_HEADLINE_CHARS } from "@/crawler/parse/frontpage/headline";
import { scanFrontPage } from "@/crawler/parse/frontpage/scan";
import { hasArticleShape, isUtilityUrl } from "@/crawler/parse/frontpage/urls";
import { htmlForParsing } from "@/crawler/parse/html/document";
import { boundedCall } from "./bounded";
import { mutated } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";
import { frontPageSeeds, SEED_URL } from "./seeds";

const CONTENT_TYPES = [undefined, "text/html; charset=utf-8", "text/html; charset=windows-1252", "text/html; charset=utf-16le"];

describe("front pages under hostile input (SPEC SEC-4, EXT-3)", () => {
  it(
    "SEC-4: a mutated front page gives ranked on-site links (or none) within the bound",
    () => {
      fc.assert(
        fc.property(mutated(frontPageSeeds()), fc.constantFrom(...CONTENT_TYPES), (html, contentType) => {
          const { links } = boundedCall(() => extractFrontPage(html, SEED_URL.home, contentType)) ?? { links: [] };
          links.forEach((link, i) => {
            expect(link.rank).toBe(i + 1);
            expect(link.url).toMatch(/^https?:\/\//);
            expect(link.headline.length).toBeLessThanOrEqual(MAX_HEADLINE_CHARS);
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  // extractFrontPage catches everything (SEC-4), which would hide a crash that loses a whole
  // capture: the steps underneath must not throw either.
  it(
    "SEC-4: the scan, headline and URL steps under extractFrontPage never need its safety net",
    () => {
      fc.assert(
        fc.property(mutated(frontPageSeeds()), (html) => {
          boundedCall(() => {
            const scan = scanFrontPage(htmlForParsing(html));
            const base = tryCanonicalUrl(scan.baseHref ?? "", SEED_URL.home) ?? SEED_URL.home;
            for (const anchor of scan.anchors) {
              expect(anchor.headline.text.length).toBeLessThanOrEqual(MAX_HEADLINE_CHARS);
              const url = tryCanonicalUrl(anchor.href, base);
              if (url === undefined) continue;
              isUtilityUrl(new URL(url));
              hasArticleShape(new URL(url));
            }
          });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "CFG-2, SEC-4: feed discovery on a mutated page gives absolute URLs without throwing",
    () => {
      fc.assert(
        fc.property(mutated(frontPageSeeds()), (html) => {
          for (const url of boundedCall(() => discoverFeeds(html, SEED_URL.home)) ?? []) expect(url).toMatch(/^https?:\/\//);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
