import { describe, expect, it } from "vitest";
import { extractFrontPage } from "../../../crawler/parse/frontpage/frontpage";
import { limitNesting } from "../../../crawler/parse/html/depth";

describe("hostile nesting", () => {
  it("SEC-4: a normal page is left untouched", () => {
    const page = `<html><head><script>if (a < b && c<d) {}</script><style>a>b{}</style></head><body><div><p>x<br>y<img src=a></p></div></body></html>`;
    expect(limitNesting(page)).toBe(page);
  });

  it("SEC-4: nesting beyond the limit is cut where it passes the limit; what came before is kept", () => {
    const page = `<html><body><h2><a href="/politica/2026/11/29/una-noticia-de-prueba-bien-larga.html">Una noticia de prueba</a></h2>${"<div>".repeat(5000)}fin`;
    const cut = limitNesting(page, 100);
    expect(cut.length).toBeLessThan(page.length);
    expect((cut.match(/<div>/g) ?? []).length).toBe(98);
  });

  it("SEC-4: a page of 200,000 nested elements still yields its links before the bomb, without hanging", () => {
    const page = `<html><body><main><h2><a href="https://www.uno.test/politica/2026/11/29/el-gobierno-aprueba-el-plan-de-vivienda.html">El Gobierno aprueba el plan</a></h2>${"<div>".repeat(200_000)}</main></body></html>`;
    const { links } = extractFrontPage(page, "https://www.uno.test/");
    expect(links.map((l) => l.headline)).toEqual(["El Gobierno aprueba el plan"]);
  });
});
