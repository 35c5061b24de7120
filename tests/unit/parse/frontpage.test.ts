import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { encodeWindows1252 } from "@/tests/sim/scenarios/windows-1252";

const HOME = "https://www.diarioejemplo.es/";
const page = readFileSync(new URL("./fixtures/pages/portada-diario.html", import.meta.url), "utf8");
const { links } = extractFrontPage(page, HOME);
const W = "https://www.diarioejemplo.es";

// The teasers of portada-diario.html in reading order after de-duplication (SPEC EXT-3): the
// "más noticias" list of bare links is not a position on a page built of teasers.
const EXPECTED: [string, string][] = [
  [
    `${W}/espana/2025-03-10/el-gobierno-aprueba-la-reforma-de-la-vivienda.html`,
    "El Gobierno aprueba la reforma de la vivienda con el apoyo de sus socios",
  ],
  [`${W}/internacional/2025-03-10/la-ue-pacta-nuevas-sanciones.html`, "La UE pacta nuevas sanciones contra el comercio de petróleo"],
  [`${W}/economia/2025-03-10/el-ibex-cierra-en-maximos.html`, "Bolsa El Ibex cierra en máximos desde 2007 y roza los 13.500 puntos"],
  [`${W}/economia/2025-03-10/la-inflacion-baja-al-2-por-ciento.html`, "La inflación baja al 2 % en marzo & los alimentos se moderan"],
  ["https://deportes.diarioejemplo.es/futbol/2025-03-10/el-madrid-gana-el-derbi.html", "El Madrid gana el derbi en el último minuto"],
  [`${W}/deportes/2025/03/10/alcaraz-remonta-en-indian-wells.html`, "Alcaraz remonta en Indian Wells y ya está en cuartos"],
  [`${W}/noticia/5687654/0/la-dana-deja-lluvias-intensas/`, "La dana deja lluvias intensas en el Levante"],
  [`${W}/sociedad/los-colegios-adelantan-la-jornada_1_12067890.html`, "Los colegios adelantan la jornada intensiva por el calor"],
  [`${W}/espana/2025/03/10/67ce2a1bfc6c83d1598b4571.html`, "Feijóo pide elecciones anticipadas tras la derrota parlamentaria"],
  [`${W}/noticia.php?id=48213`, "Un incendio obliga a desalojar a 300 vecinos en Valencia"],
  [`${W}/cultura/muere-el-actor-que-dio-vida-a-don-quijote.html`, "Muere el actor que dio vida a Don Quijote en el teatro"],
  [`${W}/ciencia/2025-03-10/un-telescopio-detecta-agua.html`, "Un telescopio detecta agua en un planeta lejano"],
  [`${W}/espana/directo/2025-03-10/ultima-hora-de-la-sesion-de-control.html`, "Directo | Última hora de la sesión de control al Gobierno"],
  [`${W}/opinion/2025-03-10/la-vivienda-no-puede-esperar.html`, "La vivienda no puede esperar: el editorial de hoy"],
  [`${W}/opinion/2025-03-10/cartas-al-director.html`, "Cartas al director"],
];

describe("extractFrontPage on a Spanish front page (SPEC EXT-3)", () => {
  it("EXT-3: article links in reading order with their headlines and consecutive ranks", () => {
    expect(links).toEqual(EXPECTED.map(([url, headline], i) => ({ url, headline, rank: i + 1 })));
  });

  it("EXT-3: navigation, tags, authors, sections, ads, footer and account links are not articles", () => {
    const urls = links.map((l) => l.url).join("\n");
    for (const fragment of [
      "/autor/",
      "/firmas/",
      "/temas/",
      "/tag/",
      "/etiqueta/",
      "/login",
      "/registro",
      "/carrito",
      "/mi-cuenta",
      "suscripciones.",
      "/suscripcion",
      "/newsletters",
      "/ultimas-noticias",
      "/politica/index.html",
      "menu-con-pinta",
      "migas-de-pan",
      "patrocinado",
      "nuevo-movil",
      "pie-de-pagina",
      "menu-secundario",
      "anuncios.example",
    ]) {
      expect(urls).not.toContain(fragment);
    }
    expect(links.some((l) => /^https?:\/\/[^/]+\/(espana|deportes|internacional|economia)\/$/.test(l.url))).toBe(false);
  });

  it("EXT-3: off-site, javascript:, mailto: and # links are left out; same-site subdomains stay", () => {
    const hosts = new Set(links.map((l) => new URL(l.url).hostname));
    expect([...hosts].sort()).toEqual(["deportes.diarioejemplo.es", "www.diarioejemplo.es"]);
  });

  it("EXT-3: hidden links are not on the page; hidden text, scripts and entities are handled", () => {
    expect(links.map((l) => l.url).join()).not.toMatch(/noticia-oculta/);
    expect(links[3]?.headline).toBe("La inflación baja al 2 % en marzo & los alimentos se moderan");
  });

  it("EXT-3: an article linked twice keeps its first teaser's rank and its title", () => {
    const lead = links.filter((l) => l.url.includes("reforma-de-la-vivienda"));
    expect(lead).toEqual([{ url: EXPECTED[0]?.[0], headline: EXPECTED[0]?.[1], rank: 1 }]);
    const editorial = links.find((l) => l.url.includes("la-vivienda-no-puede-esperar"));
    expect(editorial?.rank).toBe(14); // its teaser's place: the earlier bare-link list is not a position
    expect(editorial?.headline).toBe("La vivienda no puede esperar: el editorial de hoy");
  });

  it("EXT-5: tracking parameters and fragments do not make a second article", () => {
    expect(links.every((l) => !/[?&](utm_|fbclid)|#/.test(l.url))).toBe(true);
    expect(new Set(links.map((l) => l.url)).size).toBe(links.length);
  });

  it("STO-3: headlines carry no lede or body text from the cards", () => {
    const all = JSON.stringify(links);
    expect(all).not.toContain("Bruselas y los Veintisiete");
    expect(links.every((l) => l.headline.length > 0 && l.headline.length <= 300)).toBe(true);
  });
});

describe("extractFrontPage input handling (SPEC EXT-3, EXT-1, SEC-4)", () => {
  const card = (href: string, text: string) => `<article><h2><a href="${href}">${text}</a></h2></article>`;

  it("EXT-1: windows-1252 bytes are decoded from the Content-Type or the meta charset", () => {
    const html = `<html><head><meta charset="windows-1252"></head><body>${card("/economia/2025-03-10/el-euro-sube-frente-al-dolar.html", "El € sube: “récord” en año")}</body></html>`;
    const bytes = encodeWindows1252(html);
    expect(extractFrontPage(bytes, "https://www.diario.es/").links[0]?.headline).toBe("El € sube: “récord” en año");
    const undeclared = encodeWindows1252(html.replace('<meta charset="windows-1252">', ""));
    expect(extractFrontPage(undeclared, "https://www.diario.es/", "text/html; charset=ISO-8859-1").links[0]?.headline).toBe(
      "El € sube: “récord” en año",
    );
  });

  it("EXT-3: relative links resolve against <base href>", () => {
    const html = `<html><head><base href="https://www.diario.es/ediciones/madrid/"></head><body>${card("hoy/el-metro-amplia-su-horario-nocturno.html", "El metro amplía su horario")}</body></html>`;
    expect(extractFrontPage(html, "https://www.diario.es/").links[0]?.url).toBe(
      "https://www.diario.es/ediciones/madrid/hoy/el-metro-amplia-su-horario-nocturno.html",
    );
  });

  it("EXT-3: <noscript> and <template> copies are not on the page; inline SVG icons add no text", () => {
    const html = `<body><noscript>${card("/a/2025-03-10/copia-para-navegadores-sin-javascript.html", "Copia")}</noscript>
      <template>${card("/a/2025-03-10/plantilla-que-rellena-el-javascript.html", "Plantilla")}</template>
      ${card("/a/2025-03-10/noticia-con-icono-de-video.html", '<svg viewBox="0 0 8 8"><title>Vídeo</title><path d="M0 0h8v8z"/></svg> El vídeo del día')}</body>`;
    expect(extractFrontPage(html, "https://www.diario.es/").links).toEqual([
      { url: "https://www.diario.es/a/2025-03-10/noticia-con-icono-de-video.html", headline: "El vídeo del día", rank: 1 },
    ]);
  });

  it("EXT-3: a link whose text is a whole card (headline + lede) is not taken as a headline", () => {
    const lede = "x".repeat(400);
    const html = `<body><a href="/espana/2025-03-10/una-tarjeta-sin-titular.html">${lede}</a></body>`;
    expect(extractFrontPage(html, "https://www.diario.es/").links).toEqual([]);
  });

  it.each<[string, Uint8Array | string, string]>([
    ["empty page", "", "https://www.diario.es/"],
    ["not HTML", '{"json": true}', "https://www.diario.es/"],
    ["binary noise", Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256), "https://www.diario.es/"],
    ["unparseable page URL", page, "no es una url"],
    [
      "unclosed tags",
      "<html><body><main><article><h2><a href='/a/2025-03-10/titular-sin-cerrar-aqui.html'>Titular",
      "https://www.diario.es/",
    ],
  ])("SEC-4: %s never throws", (_name, input, url) => {
    const run = () => extractFrontPage(input, url);
    expect(run).not.toThrow();
    expect(Array.isArray(run().links)).toBe(true);
  });

  it("SEC-4: deeply nested markup does not overflow the stack", () => {
    const deep = `${"<div>".repeat(10_000)}${card("/espana/2025-03-10/una-noticia-muy-profunda.html", "Profunda")}${"</div>".repeat(10_000)}`;
    expect(() => extractFrontPage(deep, "https://www.diario.es/")).not.toThrow();
  });
});
