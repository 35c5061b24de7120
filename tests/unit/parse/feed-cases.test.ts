import { describe, expect, it } from "vitest";
import { parseFeed } from "@/crawler/parse/feed/feed";

const FEED_URL = "https://www.diarioprueba.test/rss/portada.xml";
const NS = 'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom"';
const rss = (item: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${NS}><channel><title>Diario</title><item>${item}</item></channel></rss>`;
const atom = (entry: string, feedAttrs = "") =>
  `<feed xmlns="http://www.w3.org/2005/Atom" ${feedAttrs}><title>Diario</title><entry>${entry}</entry></feed>`;
const T = "<title>Titular</title>";
const A = "https://www.diarioprueba.test";

describe("parseFeed links (EXT-1, EXT-5)", () => {
  it.each<[string, string, string | undefined]>([
    ["RSS <link> wins over a permalink guid", rss(`${T}<link>${A}/a.html</link><guid>${A}/b.html</guid>`), `${A}/a.html`],
    ["a guid is a permalink by default when it is a URL", rss(`${T}<guid>${A}/b.html</guid>`), `${A}/b.html`],
    ['a relative guid counts only with isPermaLink="true"', rss(`${T}<guid isPermaLink="true">/b.html</guid>`), `${A}/b.html`],
    ['a guid with isPermaLink="false" is never the link', rss(`${T}<guid isPermaLink="false">${A}/b.html</guid>`), undefined],
    ["an opaque guid is not a link", rss(`${T}<guid>noticia-112233</guid>`), undefined],
    ["an atom:link in an RSS item is the last resort", rss(`${T}<atom:link rel="alternate" href="${A}/c.html"/>`), `${A}/c.html`],
    ["an empty <link> falls back to the guid", rss(`${T}<link>  </link><guid>${A}/b.html</guid>`), `${A}/b.html`],
    ["a relative link resolves against the feed URL", rss(`${T}<link>../espana/a.html</link>`), `${A}/espana/a.html`],
    ["a protocol-relative link takes the feed's scheme", rss(`${T}<link>//www.diarioprueba.test/a.html</link>`), `${A}/a.html`],
    [
      "tracking parameters and fragments are dropped",
      rss(`${T}<link>${A}/a.html?id=3&amp;utm_campaign=rss&amp;fbclid=x#top</link>`),
      `${A}/a.html?id=3`,
    ],
    ["the host is lower-cased", rss(`${T}<link>HTTPS://WWW.DiarioPrueba.TEST/a.html</link>`), `${A}/a.html`],
    ["a javascript: link is no article", rss(`${T}<link>javascript:void(0)</link>`), undefined],
    ["a mailto: link is no article", rss(`${T}<link>mailto:redaccion@diarioprueba.test</link>`), undefined],
    [
      "Atom: rel=alternate wins over an earlier rel=self",
      atom(`${T}<link rel="self" href="${A}/e.xml"/><link rel="alternate" href="${A}/a.html"/>`),
      `${A}/a.html`,
    ],
    ["Atom: a link without rel is an alternate", atom(`${T}<link rel="edit" href="${A}/e"/><link href="${A}/a.html"/>`), `${A}/a.html`],
    [
      "Atom: without an alternate, the first link",
      atom(`${T}<link rel="related" href="${A}/r.html"/><link rel="via" href="${A}/v.html"/>`),
      `${A}/r.html`,
    ],
    [
      "Atom: xml:base on feed, entry and link accumulate",
      atom(`${T}<link xml:base="2025/" href="a.html"/>`, `xml:base="${A}/espana/"`),
      `${A}/espana/2025/a.html`,
    ],
    ["Atom: an http id stands in for a missing link", atom(`${T}<id>${A}/i.html</id>`), `${A}/i.html`],
    ["Atom: a tag: id is no link", atom(`${T}<id>tag:diarioprueba.test,2025:1</id>`), undefined],
    [
      "Atom: a prefixed atom:entry in its namespace",
      `<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:entry><a:title>Titular</a:title><a:link href="${A}/p.html"/></a:entry></a:feed>`,
      `${A}/p.html`,
    ],
  ])("EXT-1: %s", (_name, xml, url) => {
    expect(parseFeed(xml, FEED_URL)[0]?.url).toBe(url);
  });
});

describe("parseFeed titles (EXT-1)", () => {
  const link = `<link>${A}/a.html</link>`;
  it.each<[string, string, string | undefined]>([
    [
      "named HTML entities XML does not define",
      "Espa&ntilde;a gana &laquo;por la m&iacute;nima&raquo;&nbsp;&hellip;",
      "España gana «por la mínima» …",
    ],
    ["numeric references, decimal and hex, and cp1252 ones", "&#8220;S&#237;&#x201D; &#150; dice", "“Sí” – dice"],
    ["inner HTML tags in CDATA are stripped", "<![CDATA[La <strong>UE</strong> <a href='/x'>multa</a> a Google]]>", "La UE multa a Google"],
    ["escaped HTML tags are stripped too", "&lt;em&gt;Exclusiva:&lt;/em&gt; el informe", "Exclusiva: el informe"],
    ["double-escaped entities are decoded once more", "Tom &amp;amp; Jerry &amp;quot;vuelven&amp;quot;", 'Tom & Jerry "vuelven"'],
    ["a stray ampersand survives", "Marks & Spencer cierra en Madrid", "Marks & Spencer cierra en Madrid"],
    ["a bare < is text, not a tag", "Los menores de <18 años", "Los menores de <18 años"],
    ["whitespace, line breaks and tabs collapse", "\n  El   paro\tbaja\r\n en marzo  ", "El paro baja en marzo"],
    ["soft hyphens and zero-width spaces vanish", "Inde\u00ADpendencia\u200B judicial", "Independencia judicial"],
    ["an empty title skips the item", "   ", undefined],
    ["a title that is only tags skips the item", "<![CDATA[<img src='x.jpg'>]]>", undefined],
    ["a 'title' longer than 400 characters is a lede, and the item is skipped (STO-3)", "palabra ".repeat(60), undefined],
  ])("EXT-1: %s", (_name, title, expected) => {
    expect(parseFeed(rss(`<title>${title}</title>${link}`), FEED_URL)[0]?.title).toBe(expected);
  });

  it("EXT-1: Atom xhtml titles read the text of their markup", () => {
    const xml = atom(
      `<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">El <em>Prado</em> amplía horario</div></title><link href="${A}/a"/>`,
    );
    expect(parseFeed(xml, FEED_URL)[0]?.title).toBe("El Prado amplía horario");
  });

  it("EXT-1: media:title and dc:title do not replace the item title", () => {
    const xml = rss(
      `<media:title xmlns:media="http://search.yahoo.com/mrss/">Foto</media:title><title>Titular</title><dc:title>Otro</dc:title><link>${A}/a</link>`,
    );
    expect(parseFeed(xml, FEED_URL)[0]?.title).toBe("Titular");
  });
});

describe("parseFeed bylines and sections (EXT-1)", () => {
  const item = (extra: string) => parseFeed(rss(`${T}<link>${A}/a.html</link>${extra}`), FEED_URL)[0];
  it.each<[string, string, string[]]>([
    ["dc:creator split on ' y '", "<dc:creator>Ana Pérez y Luis Gómez</dc:creator>", ["Ana Pérez", "Luis Gómez"]],
    [
      "split on commas and ' and '",
      "<dc:creator>Ana Pérez, Luis Gómez and John Smith</dc:creator>",
      ["Ana Pérez", "Luis Gómez", "John Smith"],
    ],
    ["split on | and &", "<dc:creator>EFE | Europa Press &amp; Reuters</dc:creator>", ["EFE", "Europa Press", "Reuters"]],
    ["a 'Por:' prefix is not part of the name", "<dc:creator>Por: Ana Pérez</dc:creator>", ["Ana Pérez"]],
    ["'de' inside a surname is kept", "<dc:creator>Fernando de la Fuente</dc:creator>", ["Fernando de la Fuente"]],
    ["RSS author 'email (Name)' gives the name", "<author>ana@diarioprueba.test (Ana Pérez)</author>", ["Ana Pérez"]],
    ["an email alone is no name", "<author>redaccion@diarioprueba.test</author>", []],
    ["'Name <email>' keeps the name", "<dc:creator>Ana Pérez &lt;ana@diarioprueba.test&gt;</dc:creator>", ["Ana Pérez"]],
    [
      "the same person in author and dc:creator counts once",
      "<author>a@b.test (Ana Pérez)</author><dc:creator>ana pérez</dc:creator>",
      ["Ana Pérez"],
    ],
    [
      "several dc:creator elements, in order",
      "<dc:creator>Ana Pérez</dc:creator><dc:creator><![CDATA[Luis Gómez]]></dc:creator>",
      ["Ana Pérez", "Luis Gómez"],
    ],
    [
      "a Dublin Core creator under another prefix",
      '<autor:creator xmlns:autor="http://purl.org/dc/elements/1.1/">Ana Pérez</autor:creator>',
      ["Ana Pérez"],
    ],
  ])("EXT-1: authors — %s", (_name, extra, authors) => {
    expect(item(extra)?.authors).toEqual(authors);
  });

  it.each<[string, string, string | undefined]>([
    ["the first category", "<category>Política</category><category>Congreso</category>", "Política"],
    ["the first non-empty category", "<category> </category><category>Economía</category>", "Economía"],
    ["a category wins over an earlier dc:subject", "<dc:subject>Tema</dc:subject><category>Deportes</category>", "Deportes"],
    ["dc:subject without category", "<dc:subject>Cultura</dc:subject>", "Cultura"],
    ["a long category is cut to 80 characters", `<category>${"Sección ".repeat(20)}</category>`, "Sección ".repeat(10).trim()],
    ["none", "", undefined],
  ])("EXT-1: section — %s", (_name, extra, section) => {
    expect(item(extra)?.section).toBe(section);
  });

  it("EXT-1: an undeclared dc: prefix still reads as Dublin Core", () => {
    const xml = `<rss version="2.0"><channel><item>${T}<link>${A}/a</link><dc:creator>Ana Pérez</dc:creator></item></channel></rss>`;
    expect(parseFeed(xml, FEED_URL)[0]?.authors).toEqual(["Ana Pérez"]);
  });

  it("EXT-1: Atom category label wins over term", () => {
    const xml = atom(`${T}<link href="${A}/a"/><category term="economia" label="Economía"/><category term="bolsa"/>`);
    expect(parseFeed(xml, FEED_URL)[0]?.section).toBe("Economía");
  });
});

describe("parseFeed dates (EXT-1)", () => {
  const date = (xml: string) => parseFeed(xml, FEED_URL)[0]?.publishedAt?.toISOString();
  const L = `${T}<link>${A}/a.html</link>`;
  it.each<[string, string, string | undefined]>([
    [
      "pubDate wins over dc:date",
      rss(`${L}<dc:date>2025-01-01T00:00:00Z</dc:date><pubDate>Mon, 10 Mar 2025 09:00:00 +0100</pubDate>`),
      "2025-03-10T08:00:00.000Z",
    ],
    [
      "an unreadable pubDate falls back to dc:date",
      rss(`${L}<pubDate>hoy</pubDate><dc:date>2025-03-10T09:00:00+01:00</dc:date>`),
      "2025-03-10T08:00:00.000Z",
    ],
    ["no readable date at all is unknown, never now", rss(`${L}<pubDate>ayer por la tarde</pubDate>`), undefined],
    ["no date element is unknown", rss(L), undefined],
    [
      "Atom published wins over updated",
      atom(`${T}<link href="${A}/a"/><updated>2025-03-10T10:00:00Z</updated><published>2025-03-10T09:00:00Z</published>`),
      "2025-03-10T09:00:00.000Z",
    ],
    [
      "Atom updated when there is no published",
      atom(`${T}<link href="${A}/a"/><updated>2025-03-10T10:00:00Z</updated>`),
      "2025-03-10T10:00:00.000Z",
    ],
  ])("EXT-1: %s", (_name, xml, iso) => {
    expect(date(xml)).toBe(iso);
  });
});

describe("parseFeed descriptions and bodies (STO-3)", () => {
  const L = `${T}<link>${A}/a.html</link>`;
  const next = `<item><title>Siguiente</title><link>${A}/b.html</link></item>`;
  const two = (description: string) => `<rss version="2.0"><channel><item>${L}${description}</item>${next}</channel></rss>`;
  it.each<[string, string]>([
    [
      "unescaped HTML with unclosed <br> and <img>",
      "<description><p>Uno<br>dos<br>tres<br><img src='a.jpg'><br><br><br><br><br><br><br></p></description>",
    ],
    [
      "an unescaped <item> inside a body",
      '<content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/"><item><title>Falso</title><link>/f</link></item></content:encoded>',
    ],
    ["a description whose end tag differs in case", "<description>Texto <br> roto</DESCRIPTION>"],
    ["a self-closing description", "<description/>"],
    ["an Atom-style xhtml content in RSS", '<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Texto</p></div></content>'],
  ])("STO-3: %s is skipped unread and the items around it survive", (_name, description) => {
    expect(parseFeed(two(description), FEED_URL).map((i) => [i.title, i.url])).toEqual([
      ["Titular", `${A}/a.html`],
      ["Siguiente", `${A}/b.html`],
    ]);
  });

  it("EXT-1: a feed cut inside a description keeps the items before it", () => {
    const xml = `<rss><channel><item><title>Primero</title><link>${A}/1</link></item><item>${L}<description>Texto cortado`;
    expect(parseFeed(xml, FEED_URL).map((i) => i.title)).toEqual(["Primero"]);
  });
});
