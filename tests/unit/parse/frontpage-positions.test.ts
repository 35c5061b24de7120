/**
 * A front-page position is a teaser (SPEC EXT-3, STO-1): small pages reproducing the furniture
 * real home pages carry around their teasers — kicker and title in one heading, a link that
 * precedes its kicker and title, related links under a teaser, a list of bare headline links
 * beside the lead, a strip of links above the first teaser — and what the ranking makes of them.
 */
import { describe, expect, it } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { headingTitle } from "@/crawler/parse/frontpage/heading-title";

const HOME = "https://www.diarioejemplo.es/";
const A = (n: number) => `/espana/2025-03-10/noticia-numero-${n}-de-hoy.html`;
const U = (n: number) => `https://www.diarioejemplo.es${A(n)}`;

/** A teaser as zeit.de and heise.de write it: one link around a heading of kicker and title. */
const kickerTeaser = (n: number) =>
  `<article><a href="${A(n)}"><h3><span class="k">Tema ${n}</span><span class="v">: </span><span class="t">Titular de la noticia ${n}</span></h3><p>Entradilla.</p></a></article>`;

function page(body: string): string {
  return `<html><body><main>${body}</main></body></html>`;
}

describe("a position is a teaser (SPEC EXT-3)", () => {
  it("EXT-3: the headline is the teaser's title, not the kicker in the same heading", () => {
    const { links } = extractFrontPage(page(Array.from({ length: 9 }, (_, i) => kickerTeaser(i + 1)).join("")), HOME);
    expect(links.slice(0, 2)).toEqual([
      { url: U(1), headline: "Titular de la noticia 1", rank: 1 },
      { url: U(2), headline: "Titular de la noticia 2", rank: 2 },
    ]);
  });

  it("EXT-3: a heading with loose text or one child is read whole; a one-word last part is not a title", () => {
    expect(headingTitle("Bolsa El Ibex sube", ["Bolsa"])).toBe("Bolsa El Ibex sube");
    expect(headingTitle("Max Eberl: Er will raus", ["Max Eberl", ": ", "Er will raus"])).toBe("Er will raus");
    expect(headingTitle("Schwesigs Russland-Geheimnis", ["Schwesigs", "Russland-Geheimnis"])).toBe("Schwesigs Russland-Geheimnis");
  });

  it("EXT-3: a heading's link holding a «Directo» or «Última hora» label and the title, each in its own element, gives the title", () => {
    // The photo link comes first and takes its headline from the heading after it: the title there too.
    const teaser = (n: number) =>
      `<div><a href="${A(n)}"><img src="x.jpg" alt=""></a><span>Madrid</span><h2><a href="${A(n)}"><span>${n % 2 ? "Última hora" : "Directo"}</span> <span>Titular de la noticia ${n}</span></a></h2></div>`;
    const { links } = extractFrontPage(page(Array.from({ length: 9 }, (_, i) => teaser(i + 1)).join("")), HOME);
    expect(links.slice(0, 2)).toEqual([
      { url: U(1), headline: "Titular de la noticia 1", rank: 1 },
      { url: U(2), headline: "Titular de la noticia 2", rank: 2 },
    ]);
    // Loose text in the link: read whole, as a heading is.
    const loose = `<h2><a href="${A(1)}"><span>Directo</span> sigue aquí <span>Titular de la noticia 1</span></a></h2>`;
    expect(extractFrontPage(page(loose), HOME).links[0]?.headline).toBe("Directo sigue aquí Titular de la noticia 1");
  });

  it("EXT-3: a breaking-news banner (a bare heading link alone in its box) whose article has a teaser below is not the lead", () => {
    const teasers = Array.from({ length: 9 }, (_, i) => kickerTeaser(i + 1)).join("");
    const banner = `<div class="x"><a href="${A(5)}"><h5>+Eil+ Breve de última hora</h5></a></div>`;
    const { links } = extractFrontPage(page(banner + teasers), HOME);
    expect(links[0]).toEqual({ url: U(1), headline: "Titular de la noticia 1", rank: 1 });
    expect(links.find((l) => l.url === U(5))).toEqual({ url: U(5), headline: "Titular de la noticia 5", rank: 5 });
    // A lead with its summary in its box, or an article with no teaser below, keeps rank 1.
    const lead = `<div class="x"><a href="${A(5)}"><h2>Titular de portada</h2></a><p>Entradilla de la noticia.</p></div>`;
    expect(extractFrontPage(page(lead + teasers), HOME).links[0]?.url).toBe(U(5));
    const alone = `<div class="x"><a href="${A(10)}"><h5>Titular de la noticia 10</h5></a></div>`;
    expect(extractFrontPage(page(alone + teasers), HOME).links[0]?.url).toBe(U(10));
  });

  it("EXT-3: a link followed by its kicker and title headings in its box takes the more prominent heading", () => {
    const teaser = (n: number) =>
      `<div class="box"><div><a href="${A(n)}">Tema ${n} - Titular ${n} largo</a><h6>Tema ${n}</h6><h5>Titular ${n} largo</h5><p>Entradilla</p></div><div><a href="${A(n)}"><img src="x.jpg" alt=""></a></div></div>`;
    const { links } = extractFrontPage(page(Array.from({ length: 9 }, (_, i) => teaser(i + 1)).join("")), HOME);
    expect(links[0]).toEqual({ url: U(1), headline: "Titular 1 largo", rank: 1 });
    expect(links).toHaveLength(9);
  });

  it("EXT-3: a strip of links above the first teaser, a list of bare headline links and related links are not positions", () => {
    const strip = `<div class="trending"><a href="${A(90)}">Lo que más se busca hoy en la red</a> <a href="${A(91)}">Otro tema del momento en la red</a></div>`;
    const lead = `<article><a href="${A(1)}"><h2>La noticia que abre la portada hoy</h2></a><ul><li><a href="${A(80)}">Relacionada: todos los detalles del caso</a></li></ul></article>`;
    const list = `<div class="headlines"><h6>Titulares</h6><ul>${[70, 71, 72].map((n) => `<li><a href="${A(n)}">Titular breve número ${n}</a></li>`).join("")}</ul></div>`;
    const rest = Array.from({ length: 8 }, (_, i) => kickerTeaser(i + 2)).join("");
    const fp = extractFrontPage(page(strip + lead + list + rest), HOME);
    expect(fp.links.map((l) => l.url)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(U));
    // They are still seen on the page (an article's sighting), outside the ranking.
    expect(fp.others?.map((o) => o.url)).toEqual([90, 91, 80, 70, 71, 72].map(U));
  });

  it("EXT-3: a second teaser of the same article later on the page does not move it or change its title", () => {
    const body = [
      kickerTeaser(1),
      kickerTeaser(2),
      ...Array.from({ length: 7 }, (_, i) => kickerTeaser(i + 3)),
      `<article><a href="${A(1)}"><h2>Un titular distinto y mucho más largo para la misma noticia</h2></a></article>`,
    ].join("");
    const { links } = extractFrontPage(page(body), HOME);
    expect(links[0]).toEqual({ url: U(1), headline: "Titular de la noticia 1", rank: 1 });
    expect(links.filter((l) => l.url === U(1))).toHaveLength(1);
  });

  it("EXT-3: an image-only teaser card keeps its place", () => {
    const body = [
      kickerTeaser(1),
      `<article><a href="${A(50)}"><img src="x.jpg" alt="Una foto con su noticia debajo"></a></article>`,
      ...Array.from({ length: 8 }, (_, i) => kickerTeaser(i + 2)),
    ].join("");
    expect(extractFrontPage(page(body), HOME).links[1]?.url).toBe(U(50));
  });

  it("EXT-3: a card link of an image and a kicker and title (no heading) is a teaser, titled by its last text block", () => {
    // Kicker and title as the link's own blocks; blocks one level further down are read whole (docs/positions.md).
    const card = `<ul><li><a href="${A(60)}"><img src="x.jpg" alt=""><p>Tema del día</p><p>Zwei im neuen Kraftfeld</p></a></li></ul>`;
    const body = [kickerTeaser(1), card, ...Array.from({ length: 8 }, (_, i) => kickerTeaser(i + 2))].join("");
    expect(extractFrontPage(page(body), HOME).links[1]).toEqual({ url: U(60), headline: "Zwei im neuen Kraftfeld", rank: 2 });
  });

  it("EXT-3: a card whose text box holds a kicker, and a box of title and summary, is titled without kicker or summary (STO-3)", () => {
    const summary =
      "Una entradilla larga que cuenta la noticia con detalle, con sus datos, sus nombres y sus fechas, y que nunca debe guardarse como si fuera el titular de la pieza.";
    const card = `<ul><li><a href="${A(61)}"><img src="x.jpg" alt=""><div><div>Tema</div><div><p>El título de la pieza</p><p>${summary}</p></div></div></a></li></ul>`;
    const body = [kickerTeaser(1), card, ...Array.from({ length: 8 }, (_, i) => kickerTeaser(i + 2))].join("");
    expect(extractFrontPage(page(body), HOME).links[1]).toEqual({ url: U(61), headline: "El título de la pieza", rank: 2 });
  });

  it("EXT-3: a page whose headed links are a small share of its article links (headline lists) is read link by link", () => {
    const lists = `<ul>${Array.from({ length: 50 }, (_, i) => `<li><a href="${A(100 + i)}">Un titular de una lista ${i}</a></li>`).join("")}</ul>`;
    const body = lists + Array.from({ length: 9 }, (_, i) => kickerTeaser(i + 1)).join("");
    expect(extractFrontPage(page(body), HOME).links[0]?.url).toBe(U(100));
  });

  it("EXT-3: a page with few headed links keeps every article link, as before", () => {
    const body = [1, 2, 3].map((n) => `<p><a href="${A(n)}">Una noticia sin titular marcado ${n}</a></p>`).join("");
    expect(extractFrontPage(page(body), HOME).links.map((l) => l.url)).toEqual([1, 2, 3].map(U));
  });
});
