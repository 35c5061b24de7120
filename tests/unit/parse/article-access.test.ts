/**
 * Whether an article is open (SPEC SIG-2, EXT-4), as real pages say it: schema.org booleans
 * written as strings or URLs, a paywall section named on articles declared free (ABC wraps
 * open text in `.paywall`), login walls, and contradicting declarations (the restrictive
 * one wins).
 */
import { describe, expect, it } from "vitest";
import { extractArticle } from "@/crawler/parse/article/article";
import { isOpenArticle } from "@/crawler/parse/article/signals";
import { booleanOf } from "@/crawler/parse/article/json-ld-article";

const URL_ = "https://www.diarioejemplo.es/espana/2025-03-10/una-noticia-abierta.html";
const BODY =
  "<p>El Gobierno aprobó este martes la reforma después de meses de negociación con sus socios parlamentarios y los grupos de la oposición.</p>".repeat(
    6,
  );
const page = ({ free, wall = "", meta = "" }: { free?: unknown; wall?: string; meta?: string }) => `<!doctype html><html><head>
<title>Una noticia</title>${meta}
<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "Una noticia", ...(free === undefined ? {} : { isAccessibleForFree: free }) })}</script>
</head><body><article><h1>Una noticia</h1>${wall ? `<span class="${wall}">${BODY}</span>` : BODY}</article></body></html>`;

describe("open and closed articles as real pages declare them (SPEC SIG-2)", () => {
  it.each<[unknown, boolean | undefined]>([
    [true, true],
    [false, false],
    ["True", true],
    ["False", false],
    ["true", true],
    ["false", false],
    [" FALSE ", false],
    ["https://schema.org/True", true],
    ["http://schema.org/False", false],
    ["https://schema.org/false", false],
    ["yes", true],
    ["maybe", undefined],
    [1, undefined],
  ])("SIG-2: isAccessibleForFree %j reads as %s", (value, expected) => {
    expect(booleanOf(value)).toBe(expected);
    expect(extractArticle(page({ free: value }), URL_).isAccessibleForFree).toBe(expected);
  });

  it('SIG-2: an article declared free ("True") is open and its body read, even inside a .paywall span', () => {
    const a = extractArticle(page({ free: "True", wall: "paywall" }), URL_);
    expect(a.isAccessibleForFree).toBe(true);
    expect(a.body).toContain("El Gobierno aprobó");
  });

  it("SIG-2: wall markup on a page that declares nothing closes it", () => {
    const a = extractArticle(page({ wall: "paywall" }), URL_);
    expect(a.isAccessibleForFree).toBe(false);
    expect(a.body).toBeUndefined();
  });

  it('SIG-2: a closed declaration wins over a free one (content_tier locked, microdata False, JSON-LD "False")', () => {
    expect(
      extractArticle(page({ free: true, meta: '<meta property="article:content_tier" content="locked">' }), URL_).isAccessibleForFree,
    ).toBe(false);
    expect(
      extractArticle(page({ free: "True", meta: '<meta itemprop="isAccessibleForFree" content="False">' }), URL_).isAccessibleForFree,
    ).toBe(false);
    expect(extractArticle(page({ free: "False", wall: "paywall" }), URL_).body).toBeUndefined();
    expect(extractArticle(page({ free: "True", wall: "muro-registro" }), URL_).isAccessibleForFree).toBe(false);
  });

  it("SIG-2: isOpenArticle combines the signals, most restrictive first", () => {
    const none = { declaredClosed: false, declaredFree: false, wallMarkup: false, paywallSection: false };
    expect(isOpenArticle(undefined, none)).toBeUndefined();
    expect(isOpenArticle(true, { ...none, paywallSection: true })).toBe(true);
    expect(isOpenArticle(undefined, { ...none, declaredFree: true, paywallSection: true })).toBe(true);
    expect(isOpenArticle(true, { ...none, wallMarkup: true })).toBe(false); // a login wall closes even a free article
    expect(isOpenArticle(true, { ...none, declaredClosed: true })).toBe(false);
    expect(isOpenArticle(false, { ...none, declaredFree: true })).toBe(false);
    expect(isOpenArticle(undefined, { ...none, paywallSection: true })).toBe(false);
  });
});
