import { describe, expect, it } from "vitest";
import { parseRobots } from "../../../lib/robots/robots";
import { parseTdmRep, tdmRepFor } from "../../../crawler/politeness/tdmrep";
import { loadConfig } from "../../../lib/config";
import { egressIpsDocument, robotsTxt, sitemapXml, tdmPolicyDocument, tdmrepDocument } from "../../../lib/pages/documents";
import { parsePageParam, pageHref } from "../../../lib/pages/pagination";
import { isCurrentSection, siteSections } from "../../../lib/pages/sections";

const config = loadConfig({ HEMEROSCOPIO_SITE_URL: "https://obs.example", HEMEROSCOPIO_EGRESS_IPS: "192.0.2.1" });

describe("the site's own machine-readable documents", () => {
  it("ID-4: ips.json lists the configured egress addresses with an ISO time", () => {
    const doc = egressIpsDocument(config, new Date("2026-01-02T03:04:05Z"));
    expect(doc).toEqual({ egressIps: ["192.0.2.1"], updated: "2026-01-02T03:04:05.000Z" });
    expect(egressIpsDocument(loadConfig({}), new Date(0)).egressIps).toEqual([]);
  });

  it("ID-4, WEB-3: tdmrep.json leaves the open data (API and exports) unreserved and reserves TDM on the pages, with an ODRL obtain-consent policy", () => {
    expect(tdmrepDocument(config)).toEqual([
      { location: "/api/", "tdm-reservation": 0 },
      { location: "/", "tdm-reservation": 1, "tdm-policy": "https://obs.example/tdm-policy.json" },
    ]);
    // Read as a crawler reads it (our own TDMRep reader): what /datos offers openly is open.
    const rules = parseTdmRep(JSON.stringify(tdmrepDocument(config)));
    for (const path of ["/api/v1", "/api/v1/articles?limit=10", "/api/v1/exports/articles.csv", "/api/v1/exports/rank-spans.json"]) {
      expect(tdmRepFor(rules, `https://obs.example${path}`), path).toMatchObject({ reservation: 0 });
    }
    for (const path of ["/", "/cabeceras/el-pais", "/datos", "/noticias/1"]) {
      expect(tdmRepFor(rules, `https://obs.example${path}`), path).toMatchObject({ reservation: 1 });
    }
    const policy = tdmPolicyDocument(config);
    expect(policy).toMatchObject({ "@type": "Offer", profile: "http://www.w3.org/ns/tdmrep", uid: "https://obs.example/tdm-policy.json" });
    expect(policy.obligation).toEqual([{ action: "obtainConsent" }]);
  });

  it("ID-4: robots.txt allows the public pages, keeps crawlers out of /admin and /api/, and names our own bot", () => {
    const text = robotsTxt(config);
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/admin\nDisallow: \/api\/\nAllow: \/api\/v1\/exports\/\n/m);
    // The exports, the open data in bulk, stay open to crawlers (longest match wins).
    expect(parseRobots(text).isAllowed("https://obs.example/api/v1/exports/articles.csv", "SomeBot")).toBe(true);
    expect(parseRobots(text).isAllowed("https://obs.example/api/v1/articles", "SomeBot")).toBe(false);
    expect(text).toMatch(/^User-agent: HemeroscopioBot\nDisallow: \/$/m);
    expect(text).toContain("Sitemap: https://obs.example/sitemap.xml");
  });

  it("the sitemap lists every section and outlet page, escaped", () => {
    const xml = sitemapXml(config, ["el-pais"]);
    for (const s of siteSections) expect(xml).toContain(`<loc>https://obs.example${s.href}</loc>`);
    expect(xml).toContain("<loc>https://obs.example/cabeceras/el-pais</loc>");
  });

  it("the sitemap lists the public pages outside the navigation, among them /robots, but not the detail-only /noticias", () => {
    const xml = sitemapXml(config, []);
    for (const path of ["/robots", "/datos", "/portadas/dia"]) expect(xml).toContain(`<loc>https://obs.example${path}</loc>`);
    expect(xml).not.toContain("<loc>https://obs.example/noticias</loc>");
  });
});

describe("pagination and navigation helpers", () => {
  it.each([
    [undefined, 1],
    ["1", 1],
    ["12", 12],
    ["0", undefined],
    ["-1", undefined],
    ["abc", undefined],
    ["1.5", undefined],
    [["1", "2"], undefined],
  ])("?pagina=%j is page %j", (value, page) => {
    expect(parsePageParam(value as string | string[] | undefined)).toBe(page);
  });

  it("page 1 has no parameter", () => {
    expect(pageHref("/correcciones", 1)).toBe("/correcciones");
    expect(pageHref("/correcciones", 3)).toBe("/correcciones?pagina=3");
    // WEB-2: a sorted list keeps its order from page to page.
    expect(pageHref("/historias", 2, { orden: "-primera" })).toBe("/historias?orden=-primera&pagina=2");
    expect(pageHref("/historias", 1, { orden: "ultima" })).toBe("/historias?orden=ultima");
  });

  it("marks a section current on its pages only; the home page only on itself", () => {
    expect(isCurrentSection("/", "/")).toBe(true);
    expect(isCurrentSection("/", "/bot")).toBe(false);
    expect(isCurrentSection("/cabeceras", "/cabeceras/el-pais")).toBe(true);
    expect(isCurrentSection("/bot", "/botanica")).toBe(false);
  });
});
