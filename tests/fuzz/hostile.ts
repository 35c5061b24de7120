/**
 * Hostile fragments spliced into real-looking documents (SPEC SEC-4): deep nesting, huge
 * attributes, entity expansion, NUL bytes, invalid UTF-8, BOMs, CDATA, endless whitespace,
 * unclosed markup, odd charsets, hostile URLs and JSON-LD. Sizes are drawn by fast-check,
 * which favours small values and extremes.
 */
import fc from "fast-check";

const utf8 = (text: string) => new TextEncoder().encode(text);
const size = (max: number) => fc.integer({ min: 1, max });
const repeat = (unit: string, n: number) => utf8(unit.repeat(n));

const TAGS = ["div", "a", "item", "entry", "url", "span", "section", "script", "title", "loc", "p", "h2", "article", "x:y"];

const BILLION_LAUGHS = [
  '<!DOCTYPE lolz [<!ENTITY lol "lol">',
  ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`),
  "]>&lol9;",
].join("");

const ENTITIES = [
  "&#0;",
  "&#x0;",
  "&#x110000;",
  "&#xD800;",
  "&#xDFFF;",
  "&#99999999999999999999;",
  "&#;",
  "&#x;",
  "&amp;amp;",
  "&",
  "&lt",
  "&nbsp;",
  "&unknown;",
  "&#65",
  "&#x1F600;",
  "&lol9;",
  "&xxe;",
  BILLION_LAUGHS,
  '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>&xxe;',
];

const INVALID_UTF8 = [
  [0xff],
  [0xfe],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xc3],
  [0xe2, 0x82],
  [0x80, 0x81, 0x9f],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

const BOMS = [
  [0xef, 0xbb, 0xbf],
  [0xfe, 0xff],
  [0xff, 0xfe],
  [0x00, 0x00, 0xfe, 0xff],
  [0x2b, 0x2f, 0x76],
];

const MARKUP = [
  "<![CDATA[",
  "]]>",
  "<![CDATA[x]]>",
  "<!--",
  "-->",
  "<?xml",
  '<?xml version="1.0" encoding="utf-16"?>',
  "<?xml version='1.0' encoding='x-bogus'?>",
  "<!DOCTYPE",
  "<!DOCTYPE html [",
  "<",
  ">",
  "</",
  "</>",
  "<>",
  "<a",
  "<a href",
  '<a href="',
  '"',
  "'",
  '<meta charset="utf-16">',
  '<meta charset="x-user-defined">',
  '<meta http-equiv="content-type" content="text/html; charset=windows-1251">',
  '<base href="javascript:alert(1)">',
  '<base href="http://[::1">',
  "<svg><svg><svg>",
  '<template><a href="/x/1.html">t</a></template>',
  "<noscript>",
  "<iframe>",
  "<plaintext>",
  "<xmp>",
  "<textarea>",
  "<style>",
  "<script>",
  "</script>",
  "<title>",
  "</title>",
  '<link rel="canonical" href="http://otro.test/">',
  '<meta name="robots" content="none, noai, hemeroscopiobot: noindex">',
  "<item><link>",
  "</item>",
  '<entry><link href="',
  "<url><loc>",
  "</url>",
  'xml:base="../../"',
  'xmlns:dc=""',
  'xmlns=""',
];

const URLS = [
  "javascript:alert(1)",
  "data:text/html,x",
  "http://",
  "http://[::1",
  "http://a b.test/",
  "//evil.test/x",
  "http://xn--/",
  "http://%zz.test/",
  "https://elpais.com:99999/",
  "http://1.2.3.4.5/",
  "http://\u0000.test/",
  "mailto:a@b",
  "\\\\server\\x",
  "http://é.test/ñ?utm_source=x&ref=rss#f",
  "http://a.test/%",
  "http://a.test/%E0%A4%A",
  "?",
  "#",
  "..",
  "/../../..",
];

const JSON_LD = [
  '<script type="application/ld+json">',
  '{"@type":"NewsArticle","headline":',
  "[[[[[[[[[[",
  '{"@graph":[{"@graph":',
  '"datePublished":"9999-99-99T99:99:99Z"',
  '"author":{"name":{"name":{"name":',
  '"isAccessibleForFree":"False"',
  '{"hasPart":{"isAccessibleForFree":false,"cssSelector":',
  "// comment\n",
  ",,,}",
  "\\u0000",
  '"\\ud800"',
  "NaN",
  "1e999999",
];

const DATES = [
  "Mon, 32 Foo 2025 25:61:61 +9999",
  "2025-13-45T99:99:99Z",
  "0000-00-00",
  "-271821-04-20T00:00:00Z",
  "+275760-09-13T00:00:01Z",
  "99999999999999999999",
  "Thu, 01 Jan 1970 00:00:00 GMT",
  "Sunday, 06-Nov-94 08:49:37 GMT",
  "Sun Nov  6 08:49:37 1994",
];

/** One hostile fragment as bytes. */
export const hostileFragment: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.tuple(fc.constantFrom(...TAGS), size(5_000)).map(([tag, n]) => repeat(`<${tag}>`, n)),
  fc.tuple(fc.constantFrom(...TAGS), size(2_000)).map(([tag, n]) => utf8(`<${tag}>`.repeat(n) + `</${tag}>`.repeat(n))),
  fc
    .tuple(fc.constantFrom("href", "class", "content", "src", "xmlns:a"), size(300_000))
    .map(([name, n]) => utf8(`<a ${name}="${"x".repeat(n)}">`)),
  size(2_000).map((n) => utf8(`<div ${Array.from({ length: n }, (_, i) => `a${i}="${i}"`).join(" ")}>`)),
  fc.constantFrom(...ENTITIES).map(utf8),
  size(10_000).map((n) => new Uint8Array(n)),
  fc.constantFrom(...INVALID_UTF8).map((b) => new Uint8Array(b)),
  fc.constantFrom(...BOMS).map((b) => new Uint8Array(b)),
  fc.tuple(fc.constantFrom(" ", "\t", "\n", "\r\n", "\u00a0", "\u2028", "\f"), size(200_000)).map(([ws, n]) => repeat(ws, n)),
  // Long runs of one punctuation or letter: regexes like /[-.]+$/ retry from every character.
  fc
    .tuple(fc.constantFrom("-", ".", "–", ":", "/", "%", "a", "@", "*", "=", "&", "#", "\\", "'", '"'), size(100_000))
    .map(([c, n]) => repeat(c, n)),
  fc.constantFrom(...MARKUP).map(utf8),
  fc.constantFrom(...URLS).map((u) => utf8(`<a href="${u}">x</a><link>${u}</link><loc>${u}</loc>`)),
  fc.constantFrom(...JSON_LD).map(utf8),
  fc.constantFrom(...DATES).map((d) => utf8(`<pubDate>${d}</pubDate><lastmod>${d}</lastmod>`)),
  fc.string({ unit: "binary", maxLength: 200 }).map(utf8),
  fc.uint8Array({ maxLength: 200 }),
);
