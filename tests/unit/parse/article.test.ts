import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractArticle, type ArticleData } from "@/crawler/parse/article/article";
import { encodeWindows1252 } from "@/tests/sim/scenarios/windows-1252";

const W = "https://www.diarioejemplo.es";
const fixture = (name: string) => readFileSync(new URL(`./fixtures/pages/${name}`, import.meta.url), "utf8");
const at = (iso: string) => new Date(iso);

interface Case {
  file: string;
  url: string;
  /** Expected fields; `body` true means "a body with this fixture's sentences". */
  expected: Omit<ArticleData, "body"> & { body: boolean };
}

const CASES: [string, Case][] = [
  [
    "EXT-4: NewsArticle with author objects, section array and meta robots",
    {
      file: "articulo-newsarticle.html",
      url: `${W}/espana/2025-03-10/la-reforma-del-alquiler-sale-adelante.html?utm_source=tw`,
      expected: {
        canonicalUrl: `${W}/espana/2025-03-10/la-reforma-del-alquiler-sale-adelante.html`,
        headline: "La reforma del alquiler sale adelante con el apoyo de los socios",
        publishedAt: at("2025-03-10T08:30:00Z"),
        modifiedAt: at("2025-03-10T10:05:12Z"),
        section: "España",
        authors: ["María García", "Luis Pérez"],
        isAccessibleForFree: true,
        robots: ["index", "follow", "max-image-preview:large", "googlebot:nosnippet"],
        body: true,
      },
    },
  ],
  [
    "EXT-4: @graph with an author given by @id; relative canonical with tracking",
    {
      file: "articulo-graph.html",
      url: `${W}/espana/x/?utm_medium=social`,
      expected: {
        canonicalUrl: `${W}/espana/2025-03-10/la-reforma-del-alquiler-sale-adelante.html`,
        headline: "La reforma del alquiler sale adelante",
        publishedAt: at("2025-03-10T08:30:00Z"),
        section: "Vivienda",
        authors: ["Ana López"],
        robots: [],
        body: true,
      },
    },
  ],
  [
    'SIG-2: isAccessibleForFree "False" (string) with hasPart → no body although it is in the HTML',
    {
      file: "articulo-paywall.html",
      url: `${W}/economia/2025-03-10/exclusiva-para-suscriptores.html`,
      expected: {
        canonicalUrl: `${W}/economia/2025-03-10/exclusiva-para-suscriptores.html`,
        headline: "Exclusiva: las cuentas ocultas de la constructora",
        publishedAt: at("2025-03-10T06:00:00Z"),
        section: "Economía",
        authors: ["Redacción"],
        isAccessibleForFree: false,
        robots: [],
        body: false,
      },
    },
  ],
  [
    "SIG-2: a closed hasPart section closes the article even when the top level says free",
    {
      file: "articulo-haspart.html",
      url: `${W}/analisis/2025-03-10/que-cambia-con-la-reforma.html`,
      expected: {
        canonicalUrl: `${W}/analisis/2025-03-10/que-cambia-con-la-reforma.html`,
        headline: "Análisis: qué cambia con la reforma",
        publishedAt: at("2025-03-10T00:00:00Z"),
        authors: [],
        isAccessibleForFree: false,
        robots: [],
        body: false,
      },
    },
  ],
  [
    "SIG-2: a login wall in the markup means not free, whatever the JSON-LD says",
    {
      file: "articulo-login-wall.html",
      url: `${W}/madrid/2025-03-10/los-vecinos-de-lavapies.html`,
      expected: {
        canonicalUrl: `${W}/madrid/2025-03-10/los-vecinos-de-lavapies.html`,
        headline: "Los vecinos de Lavapiés se organizan contra los desahucios",
        publishedAt: at("2025-03-10T09:00:00Z"),
        authors: ["Carmen Ruiz"],
        isAccessibleForFree: false,
        robots: [],
        body: false,
      },
    },
  ],
  [
    "SIG-1: <meta name=tdm-reservation content=1> → reserved, no body",
    {
      file: "articulo-tdm.html",
      url: `${W}/espana/2025-03-10/reserva.html`,
      expected: {
        canonicalUrl: `${W}/espana/2025-03-10/reserva.html`,
        headline: "La reforma del alquiler, artículo con reserva TDM",
        publishedAt: at("2025-03-10T08:00:00Z"),
        authors: [],
        isAccessibleForFree: true,
        tdmReservation: true,
        robots: [],
        body: false,
      },
    },
  ],
  [
    "SIG-3: noai/noimageai and our token's directives are recorded; the body is still read",
    {
      file: "articulo-noai.html",
      url: `${W}/opinion/2025-03-10/tribuna.html`,
      expected: {
        canonicalUrl: `${W}/opinion/2025-03-10/tribuna.html`,
        headline: "Tribuna: la vivienda no puede esperar",
        publishedAt: at("2025-03-10T06:00:00Z"),
        authors: ["Ana López, catedrática"],
        isAccessibleForFree: true,
        robots: ["noai", "noimageai", "noarchive", "googlebot:noindex"],
        body: true,
      },
    },
  ],
  [
    "EXT-4: Open Graph and meta fallbacks without JSON-LD",
    {
      file: "articulo-og.html",
      url: `${W}/madrid/2025-03-10/el-ayuntamiento-cierra-el-retiro.html?ref=rss`,
      expected: {
        canonicalUrl: `${W}/madrid/2025-03-10/el-ayuntamiento-cierra-el-retiro.html`,
        headline: "El Ayuntamiento cierra el parque del Retiro por el viento",
        publishedAt: at("2025-03-10T11:15:00Z"),
        modifiedAt: at("2025-03-10T12:00:00Z"),
        section: "Madrid",
        authors: ["Pablo Martín"],
        robots: [],
        body: true,
      },
    },
  ],
  [
    "EXT-4: a broken block is skipped; CDATA, raw newlines, bad escapes and trailing commas are tolerated",
    {
      file: "articulo-roto.html",
      url: `${W}/sociedad/2025-03-10/las-lluvias-de-marzo.html`,
      expected: {
        canonicalUrl: `${W}/sociedad/2025-03-10/las-lluvias-de-marzo.html`,
        headline: "Las lluvias de marzo llenan los embalses",
        publishedAt: at("2025-03-10T04:45:00Z"),
        section: "Sociedad",
        authors: ["Jorge Sanz", "Elena Gil"],
        isAccessibleForFree: true,
        robots: [],
        body: true,
      },
    },
  ],
  [
    "EXT-4: ReportageNewsArticle as mainEntity, @type array, dates without offset; off-site canonical ignored",
    {
      file: "articulo-reportaje.html",
      url: `${W}/reportajes/2025-03-09/vivir-en-30-metros.html`,
      expected: {
        canonicalUrl: `${W}/reportajes/2025-03-09/vivir-en-30-metros.html`,
        headline: "Vivir en 30 metros cuadrados: el precio de quedarse en el centro",
        publishedAt: at("2025-03-09T20:00:00Z"),
        modifiedAt: at("2025-03-10T07:00:00Z"),
        section: "Reportajes",
        authors: ["Marta Ortega"],
        isAccessibleForFree: true,
        robots: [],
        body: true,
      },
    },
  ],
];

describe("extractArticle on Spanish article pages (SPEC EXT-4, SIG-1..3)", () => {
  it.each(CASES)("%s", (_name, { file, url, expected }) => {
    const { body, ...meta } = extractArticle(fixture(file), url);
    const { body: hasBody, ...fields } = expected;
    expect(meta).toEqual(fields);
    if (!hasBody) expect(body).toBeUndefined();
    else {
      const token = /Marca (Cuerpo-[a-z]+)-1/.exec(fixture(file))?.[1] ?? "?";
      for (const n of [1, 2, 3, 4]) expect(body).toContain(`Marca ${token}-${n}.`);
      expect(body).not.toMatch(/\s{2,}|Aviso legal|Iniciar sesión/);
    }
  });

  it("EXT-4, EXT-1: an entity-escaped JSON-LD block on a windows-1252 page", () => {
    const bytes = encodeWindows1252(fixture("articulo-entidades.html"));
    const page = extractArticle(bytes, `${W}/economia/2025-03-10/el-si-de-bruselas.html`);
    expect(page).toMatchObject({
      headline: 'El "sí" de Bruselas a la ley española cuesta 5 €',
      publishedAt: at("2025-03-10T15:20:00Z"),
      section: "Economía",
      authors: ["Nuria Ibáñez"],
    });
    expect(page.body).toContain("Marca Cuerpo-entidades-1.");
  });

  it("EXT-4: <title> is the last resort, without the site name", () => {
    const html = `<html><head><title>Titular de respaldo | El Diario</title><meta property="og:site_name" content="El Diario"></head><body><p>x</p></body></html>`;
    expect(extractArticle(html, `${W}/a/2025-03-10/b.html`).headline).toBe("Titular de respaldo");
  });

  it("SIG-2: microdata isAccessibleForFree and article:content_tier=locked close the article", () => {
    const text = "<p>" + "Texto de prueba del cuerpo del artículo. ".repeat(40) + "</p>";
    const micro = `<html><head><meta itemprop="isAccessibleForFree" content="False"></head><body><article>${text}</article></body></html>`;
    const locked = `<html><head><meta property="article:content_tier" content="locked"></head><body><article>${text}</article></body></html>`;
    const open = `<html><head></head><body><article>${text}</article></body></html>`;
    for (const closed of [micro, locked]) {
      const page = extractArticle(closed, `${W}/a.html`);
      expect(page.isAccessibleForFree).toBe(false);
      expect(page.body).toBeUndefined();
    }
    expect(extractArticle(open, `${W}/a.html`).body).toContain("Texto de prueba del cuerpo");
  });

  it("SIG-1: tdm-reservation 0 is recorded as not reserved and the body is read", () => {
    const html = fixture("articulo-tdm.html").replace('content="1"', 'content="0"');
    expect(extractArticle(html, `${W}/espana/2025-03-10/reserva.html`)).toMatchObject({ tdmReservation: false, body: expect.any(String) });
  });

  it("STO-3: the body is capped in memory", () => {
    const html =
      `<html><body><article>${"<p>" + "Una frase larga del cuerpo del artículo. ".repeat(200) + "</p>"}`.repeat(40) +
      "</article></body></html>";
    expect(extractArticle(html, `${W}/a.html`).body?.length).toBeLessThanOrEqual(200_000);
  });

  it.each<[string, Uint8Array | string, string]>([
    ["empty", "", `${W}/a.html`],
    ["binary noise", Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256), `${W}/a.html`],
    [
      "JSON-LD that is a number, null or a string",
      `<script type="application/ld+json">42</script><script type="application/ld+json">null</script><script type="application/ld+json">"x"</script>`,
      `${W}/a.html`,
    ],
    ["unparseable URL", fixture("articulo-newsarticle.html"), "::no::"],
  ])("SEC-4: %s never throws", (_name, input, url) => {
    const page = extractArticle(input, url);
    expect(page.authors).toEqual(expect.any(Array));
    expect(page.robots).toEqual(expect.any(Array));
  });
});
