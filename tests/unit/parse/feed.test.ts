import { describe, expect, it } from "vitest";
import { parseFeed, type FeedItem } from "@/crawler/parse/feed/feed";
import { FEED_FIXTURES, LEDE_MARK, feedFixture } from "./fixtures/feeds";

const at = (iso: string) => new Date(iso);
const DIARIO = "https://www.diarioprueba.test";

const RSS2_ITEMS: FeedItem[] = [
  {
    url: `${DIARIO}/espana/2025-03-10/el-gobierno-aprueba-la-ley-de-vivienda.html`,
    title: "El Gobierno aprueba la ley de vivienda tras un debate de doce horas",
    publishedAt: at("2025-03-10T08:15:00Z"),
    section: "España",
    authors: ["Ana Pérez", "Luis Gómez"],
  },
  {
    url: `${DIARIO}/economia/2025-03-10/la-subida-del-ipc-se-modera.html`,
    title: "La subida del «IPC» se modera al 2,8 % en febrero – la menor en “un año”",
    publishedAt: at("2025-03-10T08:05:00Z"),
    section: "Economía",
    authors: ["Marta Ruiz"],
  },
  {
    url: `${DIARIO}/galicia/2025-03-10/incendio-ourense.html`,
    title: "Última hora: Evacuados 300 vecinos por el incendio de Ourense",
    publishedAt: at("2025-03-10T07:45:12Z"),
    section: "Galicia",
    authors: ["Carlos Martín", "EFE", "Redacción"],
  },
  {
    url: `${DIARIO}/cultura/2025-03-10/los-goya.html`,
    title: "Los Goya premian a una ópera prima vasca",
    section: "Cultura",
    authors: ["Laura Sánchez"],
  },
  {
    url: `${DIARIO}/deportes/2025-03-10/el-real-madrid-remonta.html`,
    title: "El Real Madrid remonta en Mestalla",
    publishedAt: at("2025-03-10T21:50:00Z"),
    authors: [],
  },
];

const RDF_ITEMS: FeedItem[] = [
  {
    url: "https://www.gacetasur.test/andalucia/2025/03/10/sequia-guadalquivir.html",
    title: "La sequía obliga a restringir el riego en la cuenca del Guadalquivir",
    publishedAt: at("2025-03-10T06:30:00Z"),
    section: "Andalucía",
    authors: ["Rocío Fernández"],
  },
  {
    url: "https://www.gacetasur.test/cultura/2025/03/10/cartel-feria.html",
    title: "Sevilla presenta el cartel de la Feria de Abril",
    publishedAt: at("2025-03-10T08:00:00Z"),
    authors: [],
  },
];

const HERALDO = "https://www.heraldonorte.test";
const ATOM_ITEMS: FeedItem[] = [
  {
    url: `${HERALDO}/politica/2025/03/10/presupuestos.html`,
    title: "El Parlamento vasco aprueba los presupuestos de 2025",
    publishedAt: at("2025-03-10T08:30:00Z"),
    section: "Política",
    authors: ["Iñaki Etxeberria", "Nerea Aguirre"],
  },
  {
    url: `${HERALDO}/deportes/2025/03/10/athletic-derbi.html`,
    title: "El Athletic gana el derbi 2–0",
    publishedAt: at("2025-03-10T08:10:00Z"),
    section: "deportes",
    authors: ["Jon Uriarte"],
  },
  {
    url: `${HERALDO}/cultura/2025/03/10/bienal.html`,
    title: "La Bienal de Bilbao abre sus puertas",
    publishedAt: at("2025-03-10T06:00:00Z"),
    authors: [],
  },
  {
    url: `${HERALDO}/cantabria/2025/03/10/carril-bici.html`,
    title: "Santander estrena carril bici en el paseo de Pereda",
    publishedAt: at("2025-03-10T05:45:00Z"),
    authors: [],
  },
  {
    url: "https://asturias.heraldonorte.test/sociedad/2025/03/10/fontan.html",
    title: "Oviedo recupera el mercado del Fontán",
    publishedAt: at("2025-03-10T05:30:00Z"),
    authors: [],
  },
];

describe("parseFeed formats", () => {
  it.each<[string, string, string, FeedItem[]]>([
    [
      "RSS 2.0 with dc, content and media namespaces, CDATA, HTML entities, relative links, odd zones; items without link or title skipped",
      "rss2-portada.xml",
      `${DIARIO}/rss/portada.xml`,
      RSS2_ITEMS,
    ],
    [
      "RSS 1.0/RDF with dc:date and dc:subject; rdf:about stands in for a missing link",
      "rdf-rss1.xml",
      "https://www.gacetasur.test/rss",
      RDF_ITEMS,
    ],
    [
      "Atom with xml:base, rel=alternate over rel=self, html and xhtml titles, id as permalink; an entry without URL skipped",
      "atom-heraldo.xml",
      `${HERALDO}/atom/portada.xml`,
      ATOM_ITEMS,
    ],
  ])("EXT-1: %s", (_name, file, url, expected) => {
    expect(parseFeed(feedFixture(file), url, "application/xml")).toEqual(expected);
  });
});

describe("parseFeed charsets", () => {
  const titles = (file: string, contentType?: string) =>
    parseFeed(feedFixture(file), `${DIARIO}/rss/portada.xml`, contentType).map((i) => i.title);

  it.each<[string, string, string | undefined, string[]]>([
    [
      "a windows-1252 feed declared as UTF-8 keeps its accents, € and curly quotes",
      "windows-1252-declared-utf8.xml",
      undefined,
      ["Los ‘ERE’ costaron 680 millones de € — según la Audiencia de Sevilla", "¿Habrá lluvia en Semana Santa? Así lo prevé la AEMET"],
    ],
    [
      "the same feed also served with charset=utf-8 in Content-Type",
      "windows-1252-declared-utf8.xml",
      "application/rss+xml; charset=utf-8",
      ["Los ‘ERE’ costaron 680 millones de € — según la Audiencia de Sevilla", "¿Habrá lluvia en Semana Santa? Así lo prevé la AEMET"],
    ],
    [
      "an ISO-8859-1 feed with no declaration at all",
      "iso-8859-1-undeclared.xml",
      "text/xml",
      ["La Audiencia Nacional condena al exalcalde de Marbella por prevaricación"],
    ],
    [
      "an ISO-8859-1 feed declared in its XML declaration",
      "iso-8859-1-declared.xml",
      undefined,
      ["La Audiencia Nacional condena al exalcalde de Marbella por prevaricación"],
    ],
    ["a windows-1251 feed declared as such", "windows-1251-declared.xml", undefined, ["Испания и Россия: новости дня"]],
    [
      "a UTF-8 feed with a BOM and blank lines before <?xml",
      "utf8-bom-leading-whitespace.xml",
      undefined,
      ["Zaragoza licita el tranvía de la línea 2 por 400 millones"],
    ],
    [
      "a UTF-8 feed with one windows-1252 title keeps both right",
      "mixed-utf8-cp1252.xml",
      "application/rss+xml; charset=UTF-8",
      [
        "La ría de Vigo recibe 20 millones para saneamiento",
        "Pontevedra cierra el año con un 5 % más de turistas",
        "Ourense celebra su Entroido más multitudinario",
      ],
    ],
    [
      "a UTF-8 feed served as ISO-8859-1 keeps its accents",
      "rss2-portada.xml",
      "application/rss+xml; charset=ISO-8859-1",
      RSS2_ITEMS.map((i) => i.title),
    ],
  ])("EXT-1: %s", (_name, file, contentType, expected) => {
    expect(titles(file, contentType)).toEqual(expected);
  });

  it("EXT-1: windows-1251 bytes without a declaration are read as windows-1252, not dropped", () => {
    const items = parseFeed(feedFixture("windows-1251-undeclared.xml"), "https://www.novosti.test/rss");
    expect(items.map((i) => i.url)).toEqual(["https://www.novosti.test/mir/2025/03/10/ispaniya.html"]);
    expect(items[0]?.title).not.toContain("\uFFFD");
  });

  it("EXT-1: ISO-8859-1 author names keep their ñ and accents", () => {
    expect(parseFeed(feedFixture("iso-8859-1-undeclared.xml"), "https://x.test/")[0]?.authors).toEqual(["José Muñoz"]);
  });

  it("EXT-1: a UTF-16 feed with a BOM is read", () => {
    const text = new TextDecoder().decode(feedFixture("rss2-portada.xml")).replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(parseFeed(bytes, `${DIARIO}/rss/portada.xml`)).toEqual(RSS2_ITEMS);
  });

  it("EXT-1: an already decoded string body, BOM included, gives the same items", () => {
    const text = `\uFEFF${new TextDecoder().decode(feedFixture("rss2-portada.xml"))}`;
    expect(parseFeed(text, `${DIARIO}/rss/portada.xml`)).toEqual(RSS2_ITEMS);
  });
});

describe("parseFeed truncated documents", () => {
  it("EXT-1: a feed cut inside an item returns the items before the cut", () => {
    expect(parseFeed(feedFixture("truncated.xml"), "https://www.cronicalevante.test/rss").map((i) => i.title)).toEqual([
      "Valencia aprueba el plan de reconstrucción tras la dana",
      "El puerto de Castellón bate su récord de tráfico",
    ]);
  });

  it("EXT-1: a UTF-8 feed cut inside a multi-byte character is still read as UTF-8", () => {
    const bytes = feedFixture("rss2-portada.xml");
    const cut = Buffer.from(bytes).indexOf(Buffer.from("ópera")) + 1; // after the first byte of "ó"
    const items = parseFeed(bytes.subarray(0, cut), `${DIARIO}/rss/portada.xml`);
    expect(items.map((i) => i.title)).toEqual(RSS2_ITEMS.slice(0, 3).map((i) => i.title));
  });

  it.each([0.1, 0.25, 0.5, 0.75, 0.9, 0.99])("EXT-1: cutting the RSS fixture at %f of its bytes yields a prefix of its items", (share) => {
    const bytes = feedFixture("rss2-portada.xml");
    const items = parseFeed(bytes.subarray(0, Math.floor(bytes.length * share)), `${DIARIO}/rss/portada.xml`);
    expect(items).toEqual(RSS2_ITEMS.slice(0, items.length));
  });
});

describe("parseFeed never keeps descriptions", () => {
  it.each(FEED_FIXTURES)("STO-3: no description, summary or body text of %s appears in the result", (file) => {
    const result = JSON.stringify(parseFeed(feedFixture(file), "https://x.test/rss"));
    expect(result).not.toContain(LEDE_MARK);
    expect(result).not.toMatch(/Entradilla|Cuerpo|Pie de foto|Этот текст/);
  });
});
