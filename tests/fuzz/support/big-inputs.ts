/**
 * Child process of memory.fuzz.test.ts: every parser on ~10 MiB hostile inputs (the POL-5
 * body cap) under a capped V8 heap (an over-cap heap kills the process, which the test
 * reports). Each case runs twice; one JSON line per case gives the slower time and the heap
 * retained after a full GC following each run, so growth between runs shows a leak.
 */
import zlib from "node:zlib";
import { extractArticle } from "@/crawler/parse/article/article";
import { parseFeed } from "@/crawler/parse/feed/feed";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { parseSitemap } from "@/crawler/parse/sitemap/sitemap";
import { parseRobots } from "@/lib/robots/robots";
import { decodeText, detectCharset } from "@/crawler/fetch/bytes/charset";
import { parseJsonLoose } from "@/crawler/parse/article/json-ld";
import { heapInUseAfterGcMiB } from "../../support/heap";
import { SEED_URL } from "../seeds";

const MIB = 1024 * 1024;
const SIZE = 10 * MIB;
const enc = (s: string) => new TextEncoder().encode(s);
const fill = (unit: string, size = SIZE) => unit.repeat(Math.ceil(size / unit.length));

const item = (i: number) =>
  `<item><title>Titular ${i}</title><link>https://www.elpais.com/a/${i}.html</link><pubDate>Mon, 10 Mar 2025 08:00:00 GMT</pubDate><description>no debe guardarse</description></item>`;
const anchor = (i: number) =>
  `<article><h2><a href="/espana/2025-03-10/titular-numero-${i}.html">Titular número ${i} de la portada</a></h2></article>`;

const GZIP_BOMB = new Uint8Array(zlib.gzipSync(Buffer.alloc(200 * MIB), { level: 1 }));

const CASES: [string, () => unknown][] = [
  [
    "feed: 10 MiB of items",
    () => parseFeed(enc(`<rss><channel>${Array.from({ length: 60_000 }, (_, i) => item(i)).join("")}</channel></rss>`), SEED_URL.feed),
  ],
  ["feed: 10 MiB of nested tags", () => parseFeed(enc(`<rss><channel><item>${fill("<a>")}`), SEED_URL.feed)],
  [
    "feed: one 10 MiB attribute",
    () => parseFeed(enc(`<rss><channel><item><link href="${fill("x")}"/></item></channel></rss>`), SEED_URL.feed),
  ],
  ["feed: 10 MiB unclosed CDATA", () => parseFeed(enc(`<rss><channel><item><title><![CDATA[${fill("x ")}`), SEED_URL.feed)],
  ["feed: 10 MiB of NUL bytes", () => parseFeed(new Uint8Array(SIZE), SEED_URL.feed)],
  ["feed: 10 MiB of invalid UTF-8", () => parseFeed(new Uint8Array(SIZE).fill(0xff), SEED_URL.feed)],
  [
    "feed: billion laughs",
    () =>
      parseFeed(
        enc(
          `<!DOCTYPE l [${Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join("")}]><rss><channel><item><title>&l10;</title><link>https://www.elpais.com/a</link></item></channel></rss>`,
        ),
        SEED_URL.feed,
      ),
  ],
  [
    "sitemap: 10 MiB of urls",
    () =>
      parseSitemap(
        enc(
          `<urlset>${Array.from({ length: 100_000 }, (_, i) => `<url><loc>https://www.elpais.com/a/${i}.html</loc><lastmod>2025-03-10</lastmod></url>`).join("")}</urlset>`,
        ),
        SEED_URL.sitemap,
      ),
  ],
  ["sitemap: gzip bomb (200 MiB of zeros, cap 50 MiB)", () => parseSitemap(GZIP_BOMB, SEED_URL.sitemap)],
  ["front page: 10 MiB of nested divs", () => extractFrontPage(enc(`<html><body>${fill("<div>")}</body></html>`), SEED_URL.home)],
  [
    "front page: 40,000 article links",
    () => extractFrontPage(enc(`<html><body>${Array.from({ length: 40_000 }, (_, i) => anchor(i)).join("")}</body></html>`), SEED_URL.home),
  ],
  [
    "front page: 10 MiB of whitespace",
    () => extractFrontPage(enc(`<html><body>${fill(" \n\t")}<a href="/a/2025/03/10/x-y-z.html">T</a></body></html>`), SEED_URL.home),
  ],
  [
    "article: 10 MiB body",
    () =>
      extractArticle(
        enc(
          `<html><head><title>T</title></head><body><article>${fill("<p>Una frase de la noticia que no debe guardarse. </p>")}</article></body></html>`,
        ),
        SEED_URL.page,
      ),
  ],
  ["article: 10 MiB attribute", () => extractArticle(enc(`<html><body><div class="${fill("x")}">t</div></body></html>`), SEED_URL.page)],
  ["json-ld: 1.9 M brackets (under the block cap)", () => parseJsonLoose("[".repeat(1_900_000))],
  [
    "robots: 10 MiB",
    () => parseRobots(fill("User-agent: *\nDisallow: /a*b*c*d*e*f\n")).isAllowed(`/${"a".repeat(100_000)}`, "HemeroscopioBot"),
  ],
  [
    "charset: 10 MiB windows-1252",
    () =>
      decodeText(new Uint8Array(SIZE).fill(0x93), detectCharset({ "content-type": "text/html; charset=windows-1252" }, new Uint8Array(8))),
  ],
];

function retainedAfter(run: () => unknown): { ms: number; retainedMiB: number } {
  const start = performance.now();
  run(); // the result is dropped at once: what stays reachable is what the parser kept
  const ms = performance.now() - start;
  return { ms, retainedMiB: heapInUseAfterGcMiB() };
}

const baseline = heapInUseAfterGcMiB();
for (const [name, run] of CASES) {
  const first = retainedAfter(run);
  const second = retainedAfter(run);
  const round = (n: number) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      name,
      ms: Math.round(Math.max(first.ms, second.ms)),
      retainedMiB: round(first.retainedMiB - baseline),
      growthMiB: round(second.retainedMiB - first.retainedMiB),
    }),
  );
}
