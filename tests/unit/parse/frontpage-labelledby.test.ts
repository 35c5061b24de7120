/**
 * Overlay links named by `aria-labelledby` (SPEC EXT-3): real teaser cards put an empty link
 * over the whole card with a generic `aria-label` ("Artikelverlinkung:") and name it by the
 * card's heading through `aria-labelledby`; the headline is the heading's text.
 */
import { describe, expect, it } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { extractFrontPageDom } from "./support/frontpage-dom";

const HOME = "https://www.diarioejemplo.es/";
const card = (n: number, extra = "") =>
  `<article><a href="/politik/noticia-numero-${n}-li.33960${n}" aria-label="Artikelverlinkung:" aria-labelledby="t-${n}${extra}"></a>` +
  `<div><span>Antetítulo</span><h3 id="t-${n}">Titular de la tarjeta ${n}</h3><p>Entradilla larga de la tarjeta</p></div></article>`;

describe("links named by aria-labelledby (SPEC EXT-3)", () => {
  it("EXT-3: an overlay link takes the text of the heading it names, with a heading's rank", () => {
    const html = `<html><body><main>${card(1)}${card(2)}${card(3)}</main></body></html>`;
    const { links } = extractFrontPage(html, HOME);
    expect(links.map((l) => l.headline)).toEqual(["Titular de la tarjeta 1", "Titular de la tarjeta 2", "Titular de la tarjeta 3"]);
    expect(extractFrontPageDom(html, HOME)).toEqual({ links });
  });

  it("EXT-3: several ids are joined; unknown ids are ignored; a link's own heading still wins", () => {
    const html =
      `<html><body><main><a href="/a/noticia-de-prueba-uno-12345.html" aria-labelledby="x pre t" aria-label="Leer más"></a>` +
      `<span id="pre">Directo:</span><h2 id="t">La sesión de control</h2>` +
      `<h2><a href="/a/noticia-de-prueba-dos-12346.html" aria-labelledby="pre">Titular propio del enlace</a></h2></main></body></html>`;
    const { links } = extractFrontPage(html, HOME);
    expect(links.map((l) => l.headline)).toEqual(["Directo: La sesión de control", "Titular propio del enlace"]);
    expect(extractFrontPageDom(html, HOME)).toEqual({ links });
  });

  it("EXT-3: a hidden named element gives no text; the link keeps its own fallback", () => {
    const html = `<html><body><main><a href="/a/noticia-de-prueba-tres-12347.html" title="Título del enlace" aria-labelledby="h"></a><h3 id="h" hidden>Oculto</h3></main></body></html>`;
    const { links } = extractFrontPage(html, HOME);
    expect(links.map((l) => l.headline)).toEqual(["Título del enlace"]);
    expect(extractFrontPageDom(html, HOME)).toEqual({ links });
  });
});
