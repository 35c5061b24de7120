/**
 * Article declarations as Latin American and Spanish CMSs write them (SPEC EXT-4, SIG-2):
 * a free flag only on `hasPart`, `articleSection` as one comma-joined string of sections and
 * tags, a date-time with a one-digit hour. Each reproduces a page of the real-document corpus.
 */
import { describe, expect, it } from "vitest";
import { extractArticle } from "@/crawler/parse/article/article";
import { parseDeclaredDate } from "@/crawler/parse/article/dates";

const URL_ = "https://www.diarioejemplo.com/colombia/elecciones-candidatos-en-la-universidad-669594";
const BODY =
  "<p>La universidad fue el epicentro de un nuevo debate presidencial del que participaron los candidatos con preguntas de los estudiantes.</p>".repeat(
    6,
  );
const page = (ld: Record<string, unknown>, wall = "") => `<!doctype html><html><head><title>Una noticia</title>
<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "Una noticia", ...ld })}</script>
</head><body><article class="article"><h1>Una noticia</h1>${wall}${BODY}</article></body></html>`;
const paywallBox = `<div id="paywall" class="paywall"><p class="paywallh3">Suscríbete para seguir leyendo</p></div>`;

describe("article declarations as real CMSs write them (SPEC EXT-4, SIG-2)", () => {
  it("SIG-2: a free flag only on hasPart declares the article free; a paywall box in the template does not close it", () => {
    const a = extractArticle(
      page({ hasPart: { "@type": "WebPageElement", isAccessibleForFree: "true", cssSelector: ".article" } }, paywallBox),
      URL_,
    );
    expect(a.isAccessibleForFree).toBe(true);
    expect(a.body).toContain("epicentro de un nuevo debate");
  });

  it("SIG-2: a closed part still wins over a free article, and with no flag anywhere a paywall box closes", () => {
    const closedPart = extractArticle(
      page({ isAccessibleForFree: true, hasPart: { "@type": "WebPageElement", isAccessibleForFree: "false", cssSelector: ".nota" } }),
      URL_,
    );
    expect(closedPart.isAccessibleForFree).toBe(false);
    expect(closedPart.body).toBeUndefined();
    const undeclared = extractArticle(page({}, paywallBox), URL_);
    expect(undeclared.isAccessibleForFree).toBe(false);
    expect(undeclared.body).toBeUndefined();
  });

  it("EXT-4: articleSection written as one comma-joined string is its first section", () => {
    expect(extractArticle(page({ articleSection: "Destacado,Nueva Constitución,País,Semana Constituyente" }), URL_).section).toBe(
      "Destacado",
    );
    expect(extractArticle(page({ articleSection: ["informacion", "sociedad"] }), URL_).section).toBe("informacion");
    expect(extractArticle(page({ articleSection: "Política" }), URL_).section).toBe("Política");
  });

  it("EXT-4: a date-time with a one-digit hour is read; without a zone, as UTC", () => {
    expect(parseDeclaredDate("2022-05-11T4:10:00")?.toISOString()).toBe("2022-05-11T04:10:00.000Z");
    expect(parseDeclaredDate("2022-05-11T4:10:00-03:00")?.toISOString()).toBe("2022-05-11T07:10:00.000Z");
    expect(
      extractArticle(page({ datePublished: "2022-05-10T23:35:55", dateModified: "2022-05-11T4:10:00" }), URL_).modifiedAt?.toISOString(),
    ).toBe("2022-05-11T04:10:00.000Z");
    expect(parseDeclaredDate("2022-05-11T411:10:00")).toBeUndefined();
  });
});
