/** Regression tests for what the fuzzers found (SPEC SEC-4), one per case, named as in tests/fuzz. */
import { describe, expect, it } from "vitest";
import { canonicalUrl } from "@/lib/urls";
import { decodeText } from "@/crawler/fetch/bytes/charset";
import { MAX_BODY_NODES, readableBody } from "@/crawler/parse/article/body";
import { extractArticle } from "@/crawler/parse/article/article";
import { parseFeed } from "@/crawler/parse/feed/feed";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { limitAttributes, MAX_ATTRIBUTES } from "@/crawler/parse/html/attributes";
import { parseHtmlDocument } from "@/crawler/parse/html/document";
import { parseRobots } from "@/lib/robots/robots";

const MIB = 1024 * 1024;
const paragraphs = (n: number) => "<p>Una frase de la noticia, larga lo bastante para contar como texto del cuerpo.</p>".repeat(n);

describe("crashes and blow-ups found by fuzzing (SPEC SEC-4)", () => {
  // Found by memory.fuzz "charset: 10 MiB windows-1252": String#replace with one callback per
  // 0x80–0x9F byte needed > 500 MiB of heap (an out-of-memory crash under a 320 MiB cap).
  it("SEC-4: 10 MiB of windows-1252 curly quotes decode in linear time and memory", () => {
    const bytes = new Uint8Array(10 * MIB).fill(0x93);
    const before = process.memoryUsage().heapUsed;
    const start = performance.now();
    const text = decodeText(bytes, "windows-1252");
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * MIB);
    expect(text.length).toBe(10 * MIB);
    expect(text.slice(0, 3)).toBe("\u201c\u201c\u201c");
    expect(decodeText(Uint8Array.of(0x80, 0x41, 0x9f, 0xe9, 0x81), "windows-1252")).toBe("\u20acA\u0178\u00e9\u0081");
  });

  // Found by article.fuzz (seed 150202850): Readability spent 1.2–1.4 s of CPU on a page of
  // 60,000 no-break spaces; blank runs are now shortened before it reads the page.
  it("SEC-4: an article page of long blank runs gives its body at the cost of its text, not of its blanks", () => {
    const blank = "\u00a0".repeat(60_000);
    const html = new TextEncoder().encode(`<html><body>${blank}<article>${paragraphs(6)}</article>${blank}</body></html>`);
    const cpu = process.cpuUsage();
    const body = readableBody(parseHtmlDocument(html));
    const used = process.cpuUsage(cpu);
    expect(body).toContain("Una frase de la noticia");
    expect((used.user + used.system) / 1000).toBeLessThan(500);
  });

  // Found by memory.fuzz "article: 10 MiB body": Readability on ~190,000 elements took ~10 s
  // and over 256 MiB of heap; its own maxElemsToParse cannot count elements under linkedom.
  it("SEC-4: an article page past MAX_BODY_NODES gives metadata but no body, quickly", () => {
    expect(MAX_BODY_NODES).toBeLessThan(40_000);
    const html = `<html><head><meta property="og:title" content="Titular"></head><body><article>${paragraphs(40_000)}</article></body></html>`;
    const start = performance.now();
    const data = extractArticle(html, "https://www.elpais.com/a/2025-03-10/titular.html");
    expect(performance.now() - start).toBeLessThan(3_000);
    expect(data.headline).toBe("Titular");
    expect(data.body).toBeUndefined();
    expect(readableBody(parseHtmlDocument(`<html><body><article>${paragraphs(50)}</article></body></html>`))).toMatch(/^Una frase/);
  });

  // Found by the article fuzz test (a page truncated to nothing, then 97,032 bare "&"): one text
  // node for us, but Readability re-parses the body's HTML, where each "&amp;" becomes a node of
  // its own; it took 1.7 s of CPU. Escaped characters now count towards MAX_BODY_NODES.
  it("SEC-4: a page of 100,000 bare ampersands gives no body, within half a second of CPU", () => {
    const page = (text: string) => `<html><body><article>${paragraphs(6)}<p>${text}</p></article></body></html>`;
    for (const text of ["&", "&amp;", "&lt;"]) {
      const doc = parseHtmlDocument(page(text.repeat(100_000)));
      const cpu = process.cpuUsage();
      expect(readableBody(doc)).toBeUndefined();
      const used = process.cpuUsage(cpu);
      expect((used.user + used.system) / 1000).toBeLessThan(500);
    }
    expect(readableBody(parseHtmlDocument(page("AT&amp;T &lt;3 ".repeat(100))))).toContain("AT&T <3");
  });

  // Found by robots.fuzz (a mutated robots.txt with a 200 KB run of whitespace inside a line):
  // trimming with /[ \t\v\f]+$/ retried from every space, ~45 s for one file.
  it("SEC-4: a robots.txt line with 200,000 inner spaces parses in linear time", () => {
    const start = performance.now();
    const robots = parseRobots(`User-agent: *\nDisallow: /a${" ".repeat(200_000)}b\nDisallow:   /privado/   \n`);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(robots.isAllowed("https://x.test/privado/1", "HemeroscopioBot")).toBe(false);
  });

  // Found by urls.fuzz (the long-run fragments): /\.+$/ on a host of dots retried from every dot.
  it("EXT-5, SEC-4: a host of 60,000 dots is canonicalised (or refused) in linear time", () => {
    const start = performance.now();
    try {
      canonicalUrl(`http://a${".".repeat(60_000)}b./x`);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
    }
    expect(performance.now() - start).toBeLessThan(500);
    expect(canonicalUrl("https://elpais.com.../a")).toBe("https://elpais.com/a");
  });

  // Found by feed.fuzz (the long-run fragments): the byline trim /[…]+$/ and the unbounded
  // e-mail pattern retried from every character of a long token (3.4 s per item at 60,000).
  it("EXT-1, SEC-4: bylines made of 60,000 dashes or letters are read in linear time", () => {
    const feed = (creator: string) =>
      `<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><item><title>T</title><link>https://a.test/x/1.html</link><dc:creator>${creator}</dc:creator><author>${creator}</author></item></channel></rss>`;
    const start = performance.now();
    for (const creator of [`Ana${"-".repeat(60_000)}x`, `${"a".repeat(60_000)} b@c.es`, `Ana ${"-".repeat(60_000)}`])
      parseFeed(feed(creator), "https://a.test/rss");
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(parseFeed(feed("Por: Ana Pérez -- y Luis Gómez (luis@x.es) ::"), "https://a.test/rss")[0]?.authors).toEqual([
      "Ana Pérez",
      "Luis Gómez",
    ]);
  });

  // Found by frontpage.fuzz: htmlparser2 reads a stray `<![CDATA[` up to `]]>`, so a page
  // starting with one had no root element and the chrome filter threw (no links captured).
  it("EXT-3, SEC-4: a front page behind a stray <![CDATA[ keeps its links, as HTML reads it", () => {
    const html = `<![CDATA[<!DOCTYPE html><html lang="es"><head><title>T</title></head><body><h2><a href="/espana/2025-03-10/un-titular-largo.html">Un titular</a></h2></body></html>`;
    expect(extractFrontPage(html, "https://www.elpais.com/").links).toEqual([
      { url: "https://www.elpais.com/espana/2025-03-10/un-titular-largo.html", headline: "Un titular", rank: 1 },
    ]);
    expect(parseHtmlDocument("<![CDATA[").documentElement).toBeTruthy();
  });
});

describe("found by the long fuzzing run (SEC-4)", () => {
  it("SEC-4: an article page of a thousand unclosed divs before its content is read within a second of CPU", () => {
    const html = `${"<div>".repeat(1_200)}<h1>Titular</h1>${"<p>Un párrafo de la noticia con varias palabras.</p>".repeat(200)}`;
    const started = process.cpuUsage();
    extractArticle(html, "https://www.elpais.com/espana/2025-03-10/noticia.html");
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(1_000);
  });

  // Found by article.fuzz (FUZZ_SEED=1102, case 2,877): one <div> of ~700 attributes took 2 s of
  // CPU in Readability (linkedom rebuilds the attribute list on every indexed read).
  it("SEC-4: an element with 5,000 attributes keeps its first 64, and the page is read within a second of CPU", () => {
    const attributes = Array.from({ length: 5_000 }, (_, i) => `a${i}="${i}"`).join(" ");
    const html = `<html><body><div ${attributes}><h1 ${attributes}>Titular</h1>${"<p>Un párrafo de la noticia con varias palabras.</p>".repeat(50)}</div></body></html>`;
    const started = process.cpuUsage();
    const data = extractArticle(html, "https://www.elpais.com/espana/2025-03-10/noticia.html");
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(1_000);
    expect(data.body).toContain("Un párrafo de la noticia");
    const div = parseHtmlDocument(html).querySelector("div")!;
    expect(div.getAttributeNames()).toHaveLength(MAX_ATTRIBUTES);
    expect([div.getAttribute("a0"), div.getAttribute("a63"), div.getAttribute("a64")]).toEqual(["0", "63", null]);
    // An ordinary tag is left as it is.
    expect(limitAttributes(`<a href="/x" class="y" data-z='1 > 0'>t</a>`)).toBe(`<a href="/x" class="y" data-z='1 > 0'>t</a>`);
  });
});
