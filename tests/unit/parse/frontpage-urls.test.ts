import { describe, expect, it } from "vitest";
import { markerWords } from "@/crawler/parse/frontpage/chrome";
import { hasArticleShape, isUtilityUrl } from "@/crawler/parse/frontpage/urls";

describe("front-page link kinds by URL shape (SPEC EXT-3)", () => {
  it.each([
    ["El País date segment", "https://elpais.com/espana/2025-03-10/el-gobierno-aprueba-la-ley.html"],
    ["El Mundo date path and hex id", "https://www.elmundo.es/espana/2025/03/10/67ce2a1bfc6c83d1598b4571.html"],
    ["ABC long numeric id in the slug", "https://www.abc.es/espana/titulo-breve-20250310123456-nt.html"],
    ["20minutos id segment", "https://www.20minutos.es/noticia/5687654/0/titulo/"],
    ["elDiario.es id suffix", "https://www.eldiario.es/politica/titulo_1_12067890.html"],
    ["La Vanguardia date segment", "https://www.lavanguardia.com/politica/20250310/10458123/titulo.html"],
    ["long slug without date", "https://www.publico.es/politica/el-congreso-aprueba-la-ley-de-vivienda.html"],
    ["three-word slug with .html", "https://www.diario.es/cultura/muere-gran-actor.html"],
    ["WordPress date path", "https://blog.diario.es/2025/03/10/una-entrada/"],
    ["query id", "https://www.diario.es/noticia.php?id=48213"],
    ["simulated outlet path", "http://www.diarioprueba.test/sociedad/2025/03/10/la-rectora-defiende-a5805358.html"],
  ])("EXT-3: %s is an article", (_name, url) => {
    expect(hasArticleShape(new URL(url))).toBe(true);
    expect(isUtilityUrl(new URL(url))).toBe(false);
  });

  it.each([
    ["section with slash", "https://elpais.com/politica/"],
    ["section without slash", "https://www.elmundo.es/deportes"],
    ["subsection", "https://www.marca.com/futbol/primera-division/"],
    ["short hyphenated hub", "https://www.diario.es/ultimas-noticias/"],
    ["section index.html", "https://www.diario.es/politica/index.html"],
    ["section .html", "https://www.lavanguardia.com/politica.html"],
    ["day archive", "https://www.diario.es/2025/03/10/"],
    ["home", "https://www.diario.es/"],
    ["paging", "https://www.diario.es/?page=2"],
    ["year-tagged special", "https://www.diario.es/especiales/elecciones-generales-2023/"],
    ["landing page under an id", "https://www.t-online.de/soziales-engagement-online-spenden-und-helfen/id_89568474/index"],
  ])("EXT-3: %s is not an article", (_name, url) => {
    expect(hasArticleShape(new URL(url))).toBe(false);
  });

  it.each([
    "https://www.diario.es/tag/vivienda-y-alquiler-en-las-grandes-ciudades/",
    "https://www.diario.es/etiqueta/elecciones/",
    "https://www.diario.es/temas/guerra-en-ucrania-ultima-hora-de-hoy/",
    "https://www.diario.es/autor/maria-garcia-lopez-de-la-fuente/",
    "https://www.diario.es/author/juan/",
    "https://www.diario.es/firmas/luis-perez/",
    "https://www.diario.es/login?redirect=/espana/2025-03-10/x.html",
    "https://www.diario.es/registro",
    "https://www.diario.es/suscripcion/oferta-de-primavera-para-nuevos-suscriptores",
    "https://www.diario.es/carrito/",
    "https://www.diario.es/mi-cuenta/",
    "https://suscripciones.diario.es/oferta-especial-de-primavera-para-suscriptores",
    "https://www.diario.es/buscar?q=vivienda",
    "https://www.diario.es/politica-de-privacidad/",
    "https://www.diario.es/espana/2025-03-10/informe-completo-del-tribunal.pdf",
    // Real German and Portuguese outlets: topic hubs, author pages with an id, subscription offers.
    "https://www.spiegel.de/thema/usa-unter-donald-trump-videos/",
    "https://www.spiegel.de/impressum/autor-308cfad4-0001-0003-0000-000000022527",
    "https://www.heise.de/plus/abo?affiliateId=30165",
    "https://www.faz.net/impressum/",
    "https://www.folha.uol.com.br/assinatura/oferta-especial-de-fim-de-ano",
    "https://www.heise.de/Datenschutzerklaerung-der-Heise-Medien-GmbH-Co-KG-4860.html",
    "https://preisvergleich.heise.de/3430251?ccpid=hocid-pvgmodul",
    "https://jobs.heise.de/stellenanzeigen/3644331.html",
    "https://marktplatz.faz.net/apple-iphone-bundles-bei-o2/",
    "https://www.t-online.de/sport/ergebnisse-tabelle/fussball/bundesliga/ergebnisse/sdc_fmdo-22/bundesliga-aktueller-spieltag.html",
    "https://www.t-online.de/finanzen/boerse/indizes/dax/de0008469008",
    "https://www.heise.de/download/product/crystaldiskinfo-59349",
    "https://www.diario.es/deportes/futbol/primera-division/clasificacion/",
    "https://www.diario.es/pasatiempos/sudoku-de-hoy-nivel-dificil-12345.html",
    "https://www.spiegel.de/effilee/rezept/safran-orangen-risotto-a-08fb5520-5ab3-4be0-8ee8-9892a21ce901",
    // Spanish outlets' services beside the news (2016 front pages): traffic, weather, indices, most read.
    "http://www.elperiodico.com/es/estado-trafico-barcelona.shtml",
    "http://www.elmundo.es/tiempo/pronostico/69/34_28457_c.html",
    "http://www.elmundo.es/economia/bolsa/indices/ibex35_I.IB.html",
    "http://www.elmundo.es/lo-mas/noticias-mas-leidas.html",
    "https://www.diario.es/horoscopo/aries-12345.html",
    "https://www.diario.es/loterias/resultado-de-la-primitiva-del-jueves-12345.html",
  ])("EXT-3, POL-3: %s is a utility link", (url) => {
    expect(isUtilityUrl(new URL(url))).toBe(true);
  });

  it.each([
    ["menuPrincipal ad-top", ["menu", "principal", "ad", "top"]],
    ["noticia--apertura", ["noticia", "apertura"]],
    ["adContainer", ["ad", "container"]],
  ])("EXT-3: class words of %j", (value, words) => {
    expect(markerWords(value)).toEqual(words);
  });
});
