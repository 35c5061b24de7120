import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { parseSitemap } from "@/crawler/parse/sitemap/sitemap";
import { TYPES, type SimRequest } from "../../sim/http-types";
import { PATHS, simOutlets } from "../../sim/outlets";
import { renderNewsSitemap, renderSitemapIndex, type NewsEntry } from "../../sim/render/sitemaps";
import { brokenXml } from "../../sim/scenarios/broken-xml";
import { createWorld, liveHeadline } from "../../sim/world";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

// Outlet 1 spreads over www/feeds/cdn hosts; outlet 3 writes local-offset dates (tests/sim/README.md).
const OUTLETS = simOutlets(4);
const world = createWorld(11, OUTLETS);
const NOW = Date.parse("2025-03-10T12:00:00Z");
const whole = (ms: number) => new Date(Math.floor(ms / 1000) * 1000); // W3C dates carry whole seconds

describe.each(OUTLETS.map((o, i) => [i, o] as const))("the simulated web's sitemaps of outlet %i", (_i, outlet) => {
  const entries: NewsEntry[] = world
    .articlesOf(outlet.slug, NOW - 24 * 3_600_000, NOW)
    .slice(0, 200)
    .map((a) => ({
      url: `http://${outlet.hosts.www}${a.path}`,
      title: liveHeadline(a, NOW) ?? "",
      publishedAt: a.publishedAt,
      modifiedAt: a.publishedAt + 10 * 60_000,
    }));
  const newsUrl = `http://${outlet.hosts.sitemaps}${PATHS.newsSitemap}`;
  const news = renderNewsSitemap(outlet, entries);
  const expected = entries.map((e) => ({
    url: e.url,
    lastmod: whole(e.modifiedAt),
    newsTitle: e.title,
    newsPublishedAt: whole(e.publishedAt),
  }));

  it("EXT-2: the index lists the news sitemap", () => {
    const index = renderSitemapIndex([{ url: newsUrl, lastmod: NOW }]);
    expect(parseSitemap(index, outlet.sitemaps[0] ?? "", TYPES.xml)).toEqual({
      kind: "index",
      entries: [{ url: newsUrl, lastmod: new Date(NOW) }],
    });
  });

  it("EXT-2: the news urlset gives every article's URL, news:title and dates", () => {
    expect(entries.length).toBeGreaterThan(20);
    expect(parseSitemap(news, newsUrl, TYPES.xml)).toEqual({ kind: "urlset", entries: expected });
  });

  it("EXT-2: the same urlset gzipped gives the same entries", () => {
    expect(parseSitemap(new Uint8Array(zlib.gzipSync(news)), `${newsUrl}.gz`)).toEqual({ kind: "urlset", entries: expected });
  });

  it("EXT-2: truncated by the simulator, gives the entries before the cut", async () => {
    const res = await brokenXml({ kind: "broken-xml", damage: "truncated" }, {} as SimRequest, async () => ({
      status: 200,
      headers: {},
      body: news,
    }));
    const { entries: got } = parseSitemap(res.body as string, newsUrl);
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(expected.slice(0, got.length));
  });

  it("EXT-2: with unreadable dates, keeps URLs and titles and leaves the dates unknown", async () => {
    const res = await brokenXml({ kind: "broken-xml", damage: "bad-dates" }, {} as SimRequest, async () => ({
      status: 200,
      headers: {},
      body: news,
    }));
    expect(parseSitemap(res.body as string, newsUrl).entries).toEqual(expected.map((e) => ({ url: e.url, newsTitle: e.newsTitle })));
  });
});
