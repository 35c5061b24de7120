import { describe, expect, it } from "vitest";
import { parseJsonLoose, repairJson } from "@/crawler/parse/article/json-ld";
import { booleanOf, jsonLdArticle } from "@/crawler/parse/article/json-ld-article";

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

describe("parseJsonLoose (SPEC EXT-4: broken JSON-LD is tolerated)", () => {
  it.each<[string, string, unknown]>([
    ["valid JSON", '{"a":1}', { a: 1 }],
    ["CDATA wrapper", '<![CDATA[{"a":1}]]>', { a: 1 }],
    ["commented CDATA wrapper", '//<![CDATA[\n{"a":1}\n//]]>', { a: 1 }],
    ["HTML comment wrapper", '<!--{"a":1}-->', { a: 1 }],
    ["trailing commas", '{"a":[1,2,],"b":{"c":3,},}', { a: [1, 2], b: { c: 3 } }],
    ["comma inside a string kept", '{"a":"x, ]",}', { a: "x, ]" }],
    ["raw newline and tab in a string", '{"a":"uno\ndos\tres"}', { a: "uno\ndos\tres" }],
    ["invalid escape", '{"a":"l\\\'agenda"}', { a: "l'agenda" }],
    ["entity-escaped block", "{&quot;a&quot;:&quot;x &amp;amp; y&quot;}", { a: "x &amp; y" }],
    ["two objects in one block", '{"a":1}\n{"b":2}', [{ a: 1 }, { b: 2 }]],
    ["array of nodes", '[{"a":1},{"b":2}]', [{ a: 1 }, { b: 2 }]],
  ])("EXT-4: %s", (_name, text, expected) => {
    expect(parseJsonLoose(text)).toEqual(expected);
  });

  it.each(["", "   ", '{"headline": "cortado', "<p>no json</p>", "{{{{"])("EXT-4: unreadable %j → undefined", (text) => {
    expect(parseJsonLoose(text)).toBeUndefined();
  });

  it("EXT-4: repairJson leaves valid JSON unchanged", () => {
    const valid = JSON.stringify({ a: "x,]}", b: [1, { c: '\\"' }] });
    expect(repairJson(valid)).toBe(valid);
  });
});

describe("jsonLdArticle (SPEC EXT-4, SIG-2)", () => {
  const article = { "@type": "NewsArticle", headline: "Titular" };

  it.each<[string, unknown[], string | undefined]>([
    ["top-level NewsArticle", [article], "Titular"],
    ["inside @graph", [{ "@graph": [{ "@type": "WebSite" }, article] }], "Titular"],
    ["inside an array block", [[{ "@type": "Organization" }, article]], "Titular"],
    ["second block", [{ "@type": "BreadcrumbList" }, article], "Titular"],
    ["WebPage mainEntity", [{ "@type": "WebPage", mainEntity: article }], "Titular"],
    ["@type array", [{ "@type": ["Article", "NewsArticle"], headline: "Titular" }], "Titular"],
    ["full schema.org IRI type", [{ "@type": "https://schema.org/ReportageNewsArticle", headline: "Titular" }], "Titular"],
    ["LiveBlogPosting", [{ "@type": "LiveBlogPosting", headline: "Titular" }], "Titular"],
    ["name when no headline", [{ "@type": "Article", name: "Titular" }], "Titular"],
    ["top-level article wins over a nested one", [{ ...article, hasPart: { "@type": "NewsArticle", headline: "Otro" } }], "Titular"],
    ["no article node", [{ "@type": "WebSite", name: "Diario" }], undefined],
  ])("EXT-4: %s", (_name, values, headline) => {
    expect(jsonLdArticle(values, clean)?.headline).toBe(headline);
  });

  it.each<[string, unknown, string[]]>([
    ["a string", "Ana López", ["Ana López"]],
    ["an object", { "@type": "Person", name: "Ana López" }, ["Ana López"]],
    [
      "an array of both, deduplicated case-insensitively",
      ["Ana López", { name: "ANA LÓPEZ" }, { name: "Luis Gil" }],
      ["Ana López", "Luis Gil"],
    ],
    ["an organisation (agency)", { "@type": "Organization", name: "EFE" }, ["EFE"]],
    ["URLs and empty names dropped", ["https://diario.es/autor/ana", { name: " " }, { name: "Eva Sanz" }], ["Eva Sanz"]],
    ["an @id reference to a Person", { "@id": "#ana" }, ["Ana Ruiz"]],
  ])("EXT-4: author as %s", (_name, author, expected) => {
    const graph = [
      {
        "@graph": [
          { ...article, author },
          { "@type": "Person", "@id": "#ana", name: "Ana Ruiz" },
        ],
      },
    ];
    expect(jsonLdArticle(graph, clean)?.authors).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, unknown[], boolean | undefined]>([
    ["boolean false", { isAccessibleForFree: false }, [], false],
    ["string False", { isAccessibleForFree: "False" }, [], false],
    ["string true", { isAccessibleForFree: "true" }, [], true],
    ["absent", {}, [], undefined],
    ["hasPart object false", { isAccessibleForFree: true, hasPart: { isAccessibleForFree: "false" } }, [], false],
    ["hasPart array with one false", { hasPart: [{ isAccessibleForFree: true }, { isAccessibleForFree: false }] }, [], false],
    ["WebPage says false", { isAccessibleForFree: true }, [{ "@type": "WebPage", isAccessibleForFree: false }], false],
  ])("SIG-2: isAccessibleForFree %s", (_name, fields, extra, expected) => {
    expect(jsonLdArticle([{ ...article, ...fields }, ...extra], clean)?.isAccessibleForFree).toBe(expected);
  });

  it.each<[unknown, boolean | undefined]>([
    [true, true],
    [false, false],
    ["False", false],
    ["FALSE", false],
    ["no", false],
    ["https://schema.org/False", false],
    ["True", true],
    ["yes", true],
    ["", undefined],
    [0, undefined],
    [null, undefined],
  ])("SIG-2: booleanOf(%j) → %s", (value, expected) => {
    expect(booleanOf(value)).toBe(expected);
  });

  it("EXT-4: articleSection array → first; invalid dates are unknown", () => {
    const data = jsonLdArticle([{ ...article, articleSection: ["", "Política", "España"], datePublished: "ayer", dateModified: 5 }], clean);
    expect(data).toEqual({ headline: "Titular", section: "Política", authors: [] });
  });
});
