import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acceptsGzip, cacheKey, cacheableStatus, keyUrl } from "../../../lib/front-door/page-cache/cacheable";
import { otherPublicPages, siteSections } from "../../../lib/pages/sections";

const get = (url: string, headers: Record<string, string> = {}) => ({ method: "GET", url, headers });

describe("page cache policy (WEB-4)", () => {
  it("WEB-4: keys the public data pages by path, query and gzip", () => {
    expect(cacheKey(get("/"))).toBe("identity /");
    expect(cacheKey(get("/buscar?q=vivienda&pagina=2", { "accept-encoding": "gzip, deflate, br" }))).toBe(
      "gzip /buscar?q=vivienda&pagina=2",
    );
    // The searches charted side by side reach the renderer, in their own order.
    expect(cacheKey(get("/buscar?q4=d&q2=b&q=a&q3=c"))).toBe("identity /buscar?q=a&q2=b&q3=c&q4=d");
    for (const url of [
      "/cabeceras/el-pais",
      "/noticias/12",
      "/historias/3",
      "/estado",
      "/datos",
      "/cabeceras",
      "/historias",
      "/metodologia",
      "/api/v1/outlets",
      "/api/v1/articles?outlet=x&from=2026-01-01",
      "/api/v1/articles/12",
    ]) {
      expect(cacheKey(get(url)), url).toBeDefined();
    }
    expect(cacheKey({ method: "HEAD", url: "/", headers: {} })).toBe("identity /");
  });

  it("SEC-6: a kept page is keyed on the parameters its page reads; any other is left out of the key and of the render", () => {
    expect(cacheKey(get("/cabeceras?x=random"))).toBe("identity /cabeceras");
    expect(cacheKey(get("/?a=1&b=2"))).toBe("identity /");
    expect(cacheKey(get("/cabeceras/el-pais?utm_source=x"))).toBe("identity /cabeceras/el-pais");
    // WEB-6: a chart's SVG is kept per chart and period.
    expect(cacheKey(get("/cabeceras/el-pais/grafico.svg?tipo=retraso&x=1&desde=2026-03-03&hasta=2026-03-09"))).toBe(
      "identity /cabeceras/el-pais/grafico.svg?tipo=retraso&desde=2026-03-03&hasta=2026-03-09",
    );
    expect(cacheKey(get("/noticias/12/grafico.svg?x=1"))).toBe("identity /noticias/12/grafico.svg");
    // WEB-5: an outlet's page is kept per period.
    expect(cacheKey(get("/cabeceras/el-pais?desde=2026-03-03&utm=1&hasta=2026-03-09"))).toBe(
      "identity /cabeceras/el-pais?desde=2026-03-03&hasta=2026-03-09",
    );
    expect(cacheKey(get("/buscar?utm=1&q=vivienda&x=%ZZ&pagina=2"))).toBe("identity /buscar?q=vivienda&pagina=2");
    expect(cacheKey(get("/estado?cabeceras=-nombre&z=1"))).toBe("identity /estado?cabeceras=-nombre");
    expect(cacheKey(get("/historias?orden=x&pagina=3&y"))).toBe("identity /historias?pagina=3&orden=x");
    expect(keyUrl("gzip /buscar?q=a")).toBe("/buscar?q=a");
    // The API refuses unknown parameters itself (a 400, never kept): its query is kept whole.
    expect(cacheKey(get("/api/v1/articles?outlet=x&otro=1"))).toBe("identity /api/v1/articles?otro=1&outlet=x");
  });

  it("WEB-4: never caches forms, the admin, the streamed exports or anything not a plain anonymous read", () => {
    for (const url of [
      "/editores",
      "/editores/solicitud/abc",
      "/privacidad",
      "/replicas",
      "/admin",
      "/admin/login",
      "/api/v1/exports/articles.csv",
      "/api/other",
      "/healthz",
      "/noticias/1/otra",
      "//evil",
      "http://x/",
    ]) {
      expect(cacheKey(get(url)), url).toBeUndefined();
    }
    expect(cacheKey({ method: "POST", url: "/", headers: {} })).toBeUndefined();
    expect(cacheKey(get("/", { cookie: "session=1" }))).toBeUndefined();
    expect(cacheKey(get("/", { rsc: "1" }))).toBeUndefined();
    expect(cacheKey(get("/", { "next-router-prefetch": "1" }))).toBeUndefined();
    expect(cacheKey(get("/", { range: "bytes=0-10" }))).toBeUndefined();
    expect(cacheKey(get(`/buscar?q=${"a".repeat(3000)}`))).toBeUndefined();
  });

  it("WEB-4: the cache follows the public pages list, and that list names every public page", () => {
    const pages = [...siteSections, ...otherPublicPages];
    for (const page of pages) {
      const self = cacheKey(get(page.href)) !== undefined;
      const details = cacheKey(get(`${page.href === "/" ? "" : page.href}/x-1`)) !== undefined;
      expect({ href: page.href, self, details }).toEqual({
        href: page.href,
        self: page.caching === "page" || page.caching === "page-and-details",
        details: page.href !== "/" && (page.caching === "details" || page.caching === "page-and-details"),
      });
    }
    const routes = fs
      .readdirSync(path.join(__dirname, "../../../app/(public)"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `/${d.name}`);
    expect(routes.filter((route) => !pages.some((page) => page.href === route))).toEqual([]);
  });

  it("WEB-4: reads Accept-Encoding with its weights", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("WEB-4: keeps pages and not-found pages, nothing else", () => {
    expect([200, 404, 301, 303, 400, 500, 503].filter(cacheableStatus)).toEqual([200, 404]);
  });
});
