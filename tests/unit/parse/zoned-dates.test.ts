/**
 * Declared dates written without a zone are read on the outlet's clock (SPEC EXT-1, EXT-2,
 * EXT-4): a Spanish sitemap's `2025-03-10T10:00:00` is 10:00 in Madrid (09:00 UTC), not
 * 10:00 UTC. Dates with a zone keep it; without a time zone option they are read as UTC.
 */
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../../crawler/parse/article/article";
import { parseDeclaredDate } from "../../../crawler/parse/article/dates";
import { parseFeedDate } from "../../../crawler/parse/dates";
import { parseFeed } from "../../../crawler/parse/feed/feed";
import { parseSitemap } from "../../../crawler/parse/sitemap/sitemap";
import { instantOfWallClock } from "../../../crawler/parse/zoned-time";

const MADRID = { timeZone: "Europe/Madrid" };
const iso = (d: Date | undefined) => d?.toISOString();

describe("dates without a zone, on the outlet's clock", () => {
  it.each([
    ["winter, W3C-DTF", "2025-03-10T10:00:00", "2025-03-10T09:00:00.000Z"],
    ["summer, W3C-DTF", "2025-07-10T10:00:00", "2025-07-10T08:00:00.000Z"],
    ["space instead of T, fraction", "2025-07-10 10:00:00.5", "2025-07-10T08:00:00.500Z"],
    ["a day alone starts at the outlet's midnight", "2025-03-10", "2025-03-09T23:00:00.000Z"],
    ["RFC 822 without a zone", "Mon, 10 Mar 2025 10:00:00", "2025-03-10T09:00:00.000Z"],
    ["Spanish words, no zone", "10 de julio de 2025 10:00", "2025-07-10T08:00:00.000Z"],
    ["a zone written wins", "2025-03-10T10:00:00+01:00", "2025-03-10T09:00:00.000Z"],
    ["Z wins", "2025-07-10T10:00:00Z", "2025-07-10T10:00:00.000Z"],
    ["GMT wins", "Thu, 10 Jul 2025 10:00:00 GMT", "2025-07-10T10:00:00.000Z"],
  ])("EXT-1, EXT-2: %s", (_, text, expected) => {
    expect(iso(parseFeedDate(text, MADRID))).toBe(expected);
  });

  it("EXT-1: without the outlet's zone a zone-less date is read as UTC, as before", () => {
    expect(iso(parseFeedDate("2025-03-10T10:00:00"))).toBe("2025-03-10T10:00:00.000Z");
    expect(iso(parseDeclaredDate("2025-03-10T10:00:00"))).toBe("2025-03-10T10:00:00.000Z");
  });

  it("EXT-2: a Spanish news sitemap's dates are read in Madrid", () => {
    const { entries } = parseSitemap(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
      <url><loc>https://www.uno.test/a</loc><lastmod>2025-03-10T10:05:00</lastmod>
      <news:news><news:publication_date>2025-03-10T10:00:00</news:publication_date><news:title>Titular</news:title></news:news></url></urlset>`,
      "https://www.uno.test/sitemap.xml",
      "application/xml",
      MADRID,
    );
    expect([iso(entries[0]?.newsPublishedAt), iso(entries[0]?.lastmod)]).toEqual(["2025-03-10T09:00:00.000Z", "2025-03-10T09:05:00.000Z"]);
  });

  it("EXT-1, EXT-9: a feed's pubDate without a zone is read in the outlet's zone", () => {
    const [item] = parseFeed(
      `<rss><channel><item><title>Titular</title><link>https://www.uno.test/a</link><pubDate>Thu, 10 Jul 2025 10:00:00</pubDate></item></channel></rss>`,
      "https://www.uno.test/rss",
      undefined,
      { timeZone: "Atlantic/Canary" },
    );
    expect(iso(item?.publishedAt)).toBe("2025-07-10T09:00:00.000Z");
  });

  it("EXT-4: JSON-LD and meta dates of an article without a zone are read in the outlet's zone", () => {
    const html = `<html><head><meta property="article:modified_time" content="2025-07-10T12:30:00">
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"Titular","datePublished":"2025-07-10T10:00:00"}</script></head><body></body></html>`;
    const page = extractArticle(html, "https://www.uno.test/a", "text/html", MADRID);
    expect([iso(page.publishedAt), iso(page.modifiedAt)]).toEqual(["2025-07-10T08:00:00.000Z", "2025-07-10T10:30:00.000Z"]);
  });

  it.each([
    ["the hour repeated in autumn is its first pass", Date.UTC(2025, 9, 26, 2, 30), "2025-10-26T00:30:00.000Z"],
    ["the hour skipped in spring reads with the winter offset", Date.UTC(2025, 2, 30, 2, 30), "2025-03-30T01:30:00.000Z"],
    ["the morning after the spring change", Date.UTC(2025, 2, 30, 10, 0), "2025-03-30T08:00:00.000Z"],
    ["the evening before the spring change", Date.UTC(2025, 2, 29, 22, 0), "2025-03-29T21:00:00.000Z"],
  ])("EXT-2: Madrid's clock changes: %s", (_, wall, expected) => {
    expect(new Date(instantOfWallClock(wall, "Europe/Madrid")).toISOString()).toBe(expected);
  });

  it("EXT-2: an unknown zone name reads the date as UTC rather than failing", () => {
    expect(iso(parseFeedDate("2025-03-10T10:00:00", { timeZone: "Mars/Olympus" }))).toBe("2025-03-10T10:00:00.000Z");
  });
});
