/**
 * A chrome word on a page-level container must not hide the page (SPEC EXT-3): class and
 * id words ("navigation", "footer", "nav") make a container a chrome candidate, and a
 * candidate holding half of the page's headline links or cards is the page itself. Real
 * pages do this: a body class naming its navigation variant, a theme's body class
 * `…header_footer…`, a main column `id="nav-col"`, cards with `has-no-footer-on-mobile`.
 */
import { describe, expect, it } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { chromeMark, holdsThePage } from "@/crawler/parse/frontpage/chrome";

const HOME = "https://www.diarioejemplo.es/";
const article = (n: number) => `/espana/2025-03-10/noticia-de-portada-numero-${n}.html`;
const cards = (from: number, count: number, cardClass = "card") =>
  Array.from(
    { length: count },
    (_, i) => `<article class="${cardClass}"><h2><a href="${article(from + i)}">Titular de la noticia ${from + i}</a></h2></article>`,
  ).join("");
const menu = `<div class="menu-principal"><ul>${Array.from({ length: 12 }, (_, i) => `<li><a href="${article(100 + i)}">Enlace de menú ${i}</a></li>`).join("")}</ul></div>`;
const urls = (html: string) => extractFrontPage(html, HOME).links.map((l) => l.url.replace("https://www.diarioejemplo.es", ""));

describe("chrome words on page-level containers (SPEC EXT-3)", () => {
  it("EXT-3: a body class naming the navigation does not hide the page; the menu inside it stays chrome", () => {
    const html = `<html><body class="standardnavigation-site-navigation logo-left">${menu}<main>${cards(1, 8)}</main></body></html>`;
    expect(urls(html)).toEqual(Array.from({ length: 8 }, (_, i) => article(1 + i)));
  });

  it("EXT-3: a theme's body class with header_footer in it, and a main column id nav-col", () => {
    const themed = `<html><body class="home page-template-elementor_header_footer">${cards(1, 6)}</body></html>`;
    expect(urls(themed)).toHaveLength(6);
    const column = `<html><body><div id="nav-col">${cards(1, 5)}<div id="nav">${menu}</div></div><aside>${cards(20, 2)}</aside></body></html>`;
    expect(urls(column)).toEqual([...Array.from({ length: 5 }, (_, i) => article(1 + i)), article(20), article(21)]);
  });

  it("EXT-3: a layout column with a chrome word holding half of the cards (no headings) is content", () => {
    const noHeadings = (from: number, count: number) =>
      Array.from(
        { length: count },
        (_, i) => `<article><a href="${article(from + i)}">Titular sin encabezado ${from + i}</a></article>`,
      ).join("");
    const html = `<html><body><div class="col-nav-wide">${noHeadings(1, 4)}</div>${noHeadings(10, 3)}</body></html>`;
    expect(urls(html)).toHaveLength(7);
  });

  it("EXT-3: a negated chrome word is a layout modifier, not a marker", () => {
    const html = `<html><body><main>${cards(1, 3, "c-teaser has-no-footer-on-mobile")}${cards(10, 3, "sin-publicidad")}</main></body></html>`;
    expect(urls(html)).toHaveLength(6);
    expect(chromeMark("div", { class: "has-no-footer-on-mobile" }, false, new Map())).toBeUndefined();
    expect(chromeMark("div", { class: "footer-links" }, false, new Map())).toBe("word");
  });

  it("EXT-3: menus, ad slots and sponsored boxes holding a small share stay chrome", () => {
    const html = `<html><body><main>${cards(1, 6)}</main><div class="ad-slot"><h3><a href="${article(50)}">Anuncio con titular</a></h3></div>${menu}<div class="sponsored-box">${cards(60, 2)}</div></body></html>`;
    expect(urls(html)).toEqual(Array.from({ length: 6 }, (_, i) => article(1 + i)));
  });

  it("EXT-3: a section of story cards that names the ad slot it carries is content; the slot inside stays chrome", () => {
    const section = (cls: string, from: number) =>
      `<section class="${cls}">${cards(from, 4)}<div class="publicidad"><a href="${article(90 + from)}">Anuncio</a></div></section>`;
    const html = `<html><body><main>${cards(1, 12)}</main>${section("bloque_tematico bloque--publi", 20)}<ul class="content-items fixed-a-ad">${cards(30, 3)}</ul></body></html>`;
    const got = urls(html);
    expect(got).toHaveLength(12 + 4 + 3);
    expect(got).toContain(article(20));
    expect(got).toContain(article(32));
    expect(got).not.toContain(article(110));
    expect(holdsThePage({ headlineLinks: 3, cards: 3 }, { headlineLinks: 40, cards: 30 })).toBe(true);
    expect(holdsThePage({ headlineLinks: 2, cards: 2 }, { headlineLinks: 40, cards: 30 })).toBe(false);
  });

  it("EXT-3: on a page with fewer than three headline links a class word alone still decides", () => {
    const html = `<html><body><div class="menu"><h2><a href="${article(1)}">Titular uno</a></h2><h2><a href="${article(2)}">Titular dos</a></h2></div></body></html>`;
    expect(urls(html)).toEqual([]);
  });

  it("EXT-3: structural chrome (nav, the page's header and footer, roles) is chrome whatever it holds", () => {
    const html = `<html><body><nav>${cards(1, 8)}</nav><main>${cards(20, 2)}</main></body></html>`;
    expect(urls(html)).toEqual([article(20), article(21)]);
  });

  it("EXT-3: holdsThePage needs half of the headline links or of the cards, and enough of them to judge", () => {
    expect(holdsThePage({ headlineLinks: 5, cards: 0 }, { headlineLinks: 10, cards: 0 })).toBe(true);
    expect(holdsThePage({ headlineLinks: 4, cards: 0 }, { headlineLinks: 10, cards: 0 })).toBe(false);
    expect(holdsThePage({ headlineLinks: 0, cards: 3 }, { headlineLinks: 20, cards: 5 })).toBe(true);
    expect(holdsThePage({ headlineLinks: 2, cards: 2 }, { headlineLinks: 2, cards: 2 })).toBe(false);
  });
});
