/**
 * The streaming front-page scan (crawler/parse/frontpage/scan.ts) must give exactly what
 * the DOM walk it replaced gave (SPEC EXT-3): same links, order, ranks and headlines, on
 * real-looking pages, on the simulated web, on tricky markup and on seeded random markup.
 * The DOM walk is kept in ./support/frontpage-dom.ts as the oracle, with the same chrome rules.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { frontPageResponse } from "@/tests/sim/content";
import type { SimRequest } from "@/tests/sim/http-types";
import { simOutlets, type SimOutlet } from "@/tests/sim/outlets";
import { createWorld } from "@/tests/sim/world";
import { extractFrontPageDom } from "./support/frontpage-dom";

// Every case runs the DOM oracle too: the big ones take ~5 s on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const HOME = "https://www.diarioejemplo.es/";
const A = (slug: string) => `/espana/2025-03-10/${slug}.html`;

function same(html: string | Uint8Array, url = HOME, contentType?: string) {
  const got = extractFrontPage(html, url, contentType);
  expect(got).toEqual(extractFrontPageDom(html, url, contentType));
  return got;
}

describe("extractFrontPage's streaming scan gives what the DOM walk gave (SPEC EXT-3)", () => {
  it("EXT-3: on the fixture pages", () => {
    const dir = new URL("./fixtures/pages/", import.meta.url);
    for (const file of readdirSync(dir)) {
      const html = readFileSync(new URL(file, dir));
      same(html, HOME);
      same(html, "https://www.elpais.com/", "text/html; charset=utf-8");
    }
    expect(same(readFileSync(new URL("portada-diario.html", dir)), HOME).links.length).toBeGreaterThan(10); // its teasers; the bare-link lists are not positions
  });

  it("EXT-3: on the simulated web's front pages", () => {
    const outlets = simOutlets(12);
    const world = createWorld(5, outlets);
    const at = Date.parse("2025-03-10T09:30:00Z");
    const request = (outlet: SimOutlet): SimRequest => ({
      method: "GET",
      host: outlet.hosts.www,
      path: "/",
      query: new URLSearchParams(),
      headers: {},
      now: at,
      signal: new AbortController().signal,
      robots: {} as SimRequest["robots"],
      origin: (host) => `http://${host}`,
    });
    for (const outlet of outlets) {
      const body = frontPageResponse(world, request(outlet), outlet).body;
      expect(same(typeof body === "string" ? body : new TextDecoder().decode(body), outlet.homepage).links.length).toBeGreaterThan(0);
    }
  });

  const long = "palabra ".repeat(60);
  const cases: [string, string][] = [
    [
      "heading inside the link",
      `<main><a href="${A("uno-dos-tres-cuatro")}"><span>Antetítulo</span><h2>El titular de verdad</h2><p>Entradilla</p></a></main>`,
    ],
    ["link inside a heading", `<main><h2><span><a href="${A("uno-dos-tres-cuatro")}">Titular <b>con</b> negrita</a></span></h2></main>`],
    [
      "hidden heading, then a visible one",
      `<a href="${A("a-b-c-d")}"><div hidden><h2>Oculto</h2></div><h3 aria-hidden="true">Tampoco</h3><h3>Visible aquí</h3></a>`,
    ],
    [
      "aria-hidden link keeps its heading and alt",
      `<a aria-hidden="true" href="${A("a-b-c-d")}"><img alt=" Foto  del día "><h2>Titular</h2></a><a aria-hidden="true" href="${A("e-f-g-h")}"><img alt="Sólo foto"></a>`,
    ],
    [
      "image alts: empty, hidden, then visible",
      `<a href="${A("a-b-c-d")}"><img alt=""><span style="display:none"><img alt="no"></span><img alt="  Sí, esta  "></a>`,
    ],
    [
      "generic labels fall back to title and aria-label",
      `<a href="${A("a-b-c-d")}" title="Título del enlace">Leer más</a><a href="${A("e-f-g-h")}" aria-label="Etiqueta aria">+</a><a href="${A("i-j-k-l")}">Vídeo</a>`,
    ],
    [
      "a card longer than a headline",
      `<a href="${A("a-b-c-d")}"><h2>${long}</h2>${long}<img alt="Alt de la foto"></a><a href="${A("e-f-g-h")}"><h2>Corto</h2>${long}</a>`,
    ],
    [
      "whitespace-heavy text under the limit",
      `<a href="${A("a-b-c-d")}">${"  \n\t ".repeat(400)}Titular${"\u200b \u00a0".repeat(300)}final</a>`,
    ],
    ["nested links", `<a href="${A("a-b-c-d")}">Fuera <a href="${A("e-f-g-h")}">Dentro <h2>Titular</h2></a> resto</a>`],
    [
      "blocks separate words",
      `<a href="${A("a-b-c-d")}"><div>uno</div><div>dos</div><br>tres<p>cuatro<script>x</script></p><template>t</template></a>`,
    ],
    [
      "chrome: nav, header, footer, roles, classes, hidden, dialog",
      `<header><a href="${A("cab-1-2-3")}">Cabecera</a></header><main><article><header><a href="${A("art-1-2-3")}">En artículo</a></header></article></main><div role="Navigation "><a href="${A("nav-1-2-3")}">Nav</a></div><div class="menuPrincipal"><a href="${A("menu-1-2-3")}">Menú</a></div><div class="pie\u00a0de\u00a0pagina  x x"><a href="${A("pie-1-2-3")}">Pie</a></div><dialog><a href="${A("dlg-1-2-3")}">Diálogo</a></dialog><dialog open><a href="${A("dlg-4-5-6")}">Diálogo abierto</a></dialog><div style="visibility: hidden !important"><a href="${A("vis-1-2-3")}">Oculto</a></div><a class="ad" href="${A("ad-1-2-3")}">Anuncio</a>`,
    ],
    [
      "elements after the document element are not walked",
      `<html><body><a href="${A("a-b-c-d")}">Dentro</a></body></html><div><a href="${A("e-f-g-h")}">Fuera</a></div>`,
    ],
    [
      "a first top-level element that is not html",
      `<!doctype html><p>Intro</p><html><body><a href="${A("a-b-c-d")}">Dentro</a></body></html>`,
    ],
    ["hidden document element", `<html hidden><body><a href="${A("a-b-c-d")}">Nada</a></body></html>`],
    [
      "base after the links",
      `<html><body><a href="espana/2025-03-10/a-b-c-d.html">Relativo</a><base><base href=" https://www.diarioejemplo.es/sub/ "></body></html>`,
    ],
    [
      "base with a bad scheme",
      `<html><head><base href="javascript:alert(1)"></head><body><a href="/espana/2025-03-10/a-b-c-d.html">Relativo</a></body></html>`,
    ],
    [
      "attribute names are case-sensitive, the first duplicate wins",
      `<a HREF="${A("a-b-c-d")}">Mayúsculas</a><a href="${A("e-f-g-h")}" href="${A("x-y-z-w")}" rel="nofollow" rel="sponsored">Duplicado</a><a href="${A("i-j-k-l")}" rel="Nofollow  SPONSORED">Pagado</a>`,
    ],
    [
      "links in svg, math, noscript and CDATA",
      `<svg><a href="${A("a-b-c-d")}"><text>Dentro de svg</text></a><a href="/x">y</a></svg><math><a href="${A("e-f-g-h")}">m</a></math><noscript><a href="${A("i-j-k-l")}">ns</a></noscript><a href="${A("m-n-o-p")}"><![CDATA[cdata]]>texto</a>`,
    ],
    [
      "implied closes and stray end tags",
      `<ul><li><a href="${A("a-b-c-d")}">Uno<li>Dos</a><p><a href="${A("e-f-g-h")}"><p>Tres</p></a></ul></div></span><table><tr><td><a href="${A("i-j-k-l")}">Celda<td>otra`,
    ],
    ["entities and a BOM (twice)", `\uFEFF\uFEFF<a href="${A("a-b-c-d")}">El &amp; la &nbsp;&eacute;poca&#x21;</a>`],
    [
      "uppercase tags and a fragment with body",
      `<BODY><A HREF="${A("a-b-c-d")}">Mayúsculas</A><a href="${A("e-f-g-h")}"><H2>Titular</H2></a></BODY>`,
    ],
    [
      "the same article linked many ways",
      `<a href="${A("a-b-c-d")}"><img alt="Foto"></a><a href="${A("a-b-c-d")}">Texto del enlace</a><h3><a href="${A("a-b-c-d")}#c">Titular en h3</a></h3><a href="${A("a-b-c-d")}?utm_source=x">Comentarios</a>`,
    ],
    [
      "links nested two hundred deep",
      `${`<a href="${A("a-b-c-d")}">x`.repeat(100)}${`<a href="${A("e-f-g-h")}"><b>y`.repeat(100)}${"<span>palabra</span>".repeat(2000)}${'<h2>t</h2><img alt="">'.repeat(300)}<img alt="Por fin">`,
    ],
    [
      "deep nesting past the limit",
      `${"<div>".repeat(1100)}<a href="${A("a-b-c-d")}">Hondo</a>${"</div>".repeat(1100)}<a href="${A("e-f-g-h")}">Tras</a>`,
    ],
  ];
  it.each(cases)("EXT-3: %s", (_name, html) => {
    same(html);
    same(`<html><body><main>${html}</main></body></html>`);
  });

  it("SEC-4: hostile nesting of links, text, headings and images stays linear enough", () => {
    const nested = `${`<a href="${A("a-b-c-d")}">x`.repeat(1000)}${"<span>palabra</span>".repeat(100_000)}${'<h2>t</h2><img alt="">'.repeat(50_000)}`;
    const started = performance.now();
    const { links } = extractFrontPage(nested, HOME);
    expect(performance.now() - started).toBeLessThan(10_000); // the DOM walk took minutes
    expect(links).toEqual([{ url: `https://www.diarioejemplo.es${A("a-b-c-d")}`, headline: "t", rank: 1 }]);
  });

  it("EXT-3: on seeded random markup", () => {
    let seed = 12345;
    // mulberry32
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const tags = [
      "div",
      "div",
      "span",
      "span",
      "a",
      "a",
      "a",
      "a",
      "a",
      "h2",
      "h3",
      "p",
      "li",
      "ul",
      "article",
      "section",
      "main",
      "aside",
      "img",
      "img",
      "br",
      "table",
      "td",
      "tr",
      "b",
      "figure",
      "button",
      "nav",
      "header",
      "footer",
      "script",
      "style",
      "noscript",
      "template",
      "svg",
      "dialog",
    ];
    const attributes = [
      () =>
        `href="${pick([A(`n-${Math.floor(random() * 6)}-b-c`), "/politica/", "#", "javascript:void(0)", "https://otro.com/2025/03/10/x-y", `/autor/${Math.floor(random() * 3)}`, " /noticia.php?id=12345 "])}"`,
      () =>
        `class="${pick(["card", "menu", "ad-slot", "cardHeader", "nav-bar", "site-footer", "story", "story", "titular", "x", "y", "z"])}"`,
      () => `href="${A(`n-${Math.floor(random() * 6)}-b-c`)}"`,
      () => pick(["hidden", 'aria-hidden="true"', 'style="display:none"', 'role="navigation"', 'rel="sponsored"', "open", 'id="main"']),
      () => `alt="${pick(["", "Foto", "  Una foto larga  ", "Vídeo"])}"`,
      () => `title="${pick(["Título", "Leer más", ""])}"`,
      () => `aria-label="${pick(["Etiqueta", "+", ""])}"`,
    ];
    const words = [
      "El",
      "Gobierno",
      "aprueba",
      "la",
      "reforma",
      "Leer más",
      "  ",
      "\n",
      "&amp;",
      "&nbsp;",
      "12",
      "vídeo",
      "\u200b",
      "<!-- c -->",
      "Titular",
      "de",
      "portada",
      long,
    ];
    const node = (depth: number): string => {
      if (depth > 7 || random() < 0.3) return pick(words);
      const tag = pick(tags);
      const attrs = [
        ...(tag === "a" && random() < 0.8 ? [attributes[0]!()] : []),
        ...Array.from({ length: Math.floor(random() * 3) }, () => pick(attributes)()),
      ].join(" ");
      const inner = Array.from({ length: Math.floor(random() * 4) }, () => node(depth + 1)).join(random() < 0.5 ? " " : "");
      // Some elements left unclosed (not the raw-text ones, which would swallow the rest of the page).
      const unclosed = random() < 0.1 && !["script", "style", "template", "noscript", "svg"].includes(tag);
      return unclosed ? `<${tag} ${attrs}>${inner}` : `<${tag} ${attrs}>${inner}</${tag}>`;
    };
    let nonEmpty = 0;
    for (let i = 0; i < 500; i++) {
      const body = Array.from({ length: 10 }, () => node(0)).join("\n");
      const html = random() < 0.5 ? `<html><head><title>t</title></head><body>${body}</body></html>` : body;
      if (same(html).links.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
