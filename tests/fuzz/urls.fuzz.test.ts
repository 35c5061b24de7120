/** Fuzzing URL identity (SPEC SEC-4, EXT-5): canonicalisation throws only its TypeError, and is idempotent. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalUrl, isTrackingParam, preferCanonical, sameSiteUrl, tryCanonicalUrl } from "@/lib/urls";
import { hasArticleShape, isUtilityUrl } from "@/crawler/parse/frontpage/urls";
import { siteOf } from "@/lib/registrable-domain";
import { boundedCall } from "./bounded";
import { asBytes, mutatedText } from "./mutate";
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from "./runs";

const SEEDS = asBytes([
  "https://elpais.com/espana/2025-03-10/el-gobierno-aprueba.html?utm_source=twitter&ref=rss#comentarios",
  "http://WWW.ElMundo.ES:80/espana/2025/03/10/67cec1e8fc6c83c5.html?id=1&&a=&print",
  "https://www.20minutos.es/noticia/5687654/0/titular-largo-con-acentos-%c3%a1/",
  "//cdn.abc.es/a/../b/./c?%7euser=%2e",
  "https://xn--espaa-rta.test/ñandú?q=á b",
  "/relativo/2025/03/10/nota.html",
]);
const BASES = ["https://elpais.com/", "http://www.elmundo.es/espana/", "https://x.test/a/b?c#d"];
const href = fc.oneof(
  mutatedText(SEEDS),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ unit: "binary", maxLength: 200 }),
);
const isTypeError = (e: unknown) => e instanceof TypeError;

describe("URLs under hostile input (SPEC SEC-4, EXT-5)", () => {
  it(
    "EXT-5: canonicalUrl gives an http(s) URL that is its own canonical form, or a TypeError",
    () => {
      fc.assert(
        fc.property(href, fc.option(fc.constantFrom(...BASES), { nil: undefined }), (text, base) => {
          const url = boundedCall(() => canonicalUrl(text, base), isTypeError);
          if (url === undefined) return;
          expect(url).toMatch(/^https?:\/\/[^/]/);
          expect(canonicalUrl(url)).toBe(url);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "SEC-4: tryCanonicalUrl, sameSiteUrl, isTrackingParam and the front-page URL tests never throw",
    () => {
      fc.assert(
        fc.property(href, href, fc.string({ unit: "binary", maxLength: 60 }), (a, b, param) => {
          boundedCall(() => {
            tryCanonicalUrl(a, "https://elpais.com/");
            sameSiteUrl(a, b);
            isTrackingParam(param, param);
            const url = tryCanonicalUrl(a);
            if (url !== undefined) {
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
    "EXT-5: preferCanonical with any declared canonical stays on the page's site",
    () => {
      fc.assert(
        fc.property(href, (declared) => {
          const page = "https://elpais.com/espana/2025-03-10/nota.html";
          const chosen = boundedCall(() => preferCanonical(page, declared));
          expect(chosen === undefined ? undefined : siteOf(chosen)).toBe("elpais.com");
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
