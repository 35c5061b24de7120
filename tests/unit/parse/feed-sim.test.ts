import { describe, expect, it, vi } from "vitest";
import { parseFeed, type FeedItem } from "@/crawler/parse/feed/feed";
import { TYPES, type SimRequest, type SimResponse } from "../../sim/http-types";
import { simOutlets, type SimOutlet } from "../../sim/outlets";
import { renderAtom, renderRss, type FeedContext, type FeedEntry } from "../../sim/render/feeds";
import { brokenXml } from "../../sim/scenarios/broken-xml";
import { windows1252 } from "../../sim/scenarios/windows-1252";
import { createWorld, liveHeadline } from "../../sim/world";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

// The simulated web's own renderers, fed with its own newsroom: outlets 0–4 cover RSS with
// escaped and CDATA titles, UTC and local-offset dates, and Atom (tests/sim/README.md).
const OUTLETS = simOutlets(5);
const world = createWorld(7, OUTLETS);
const NOW = Date.parse("2025-03-10T12:00:00Z");
const HOUR = 3_600_000;
const REQ = {} as SimRequest; // the scenarios below only reshape the body

function entriesOf(outlet: SimOutlet): FeedEntry[] {
  return world
    .articlesOf(outlet.slug, NOW - 12 * HOUR, NOW)
    .slice(0, 30)
    .map((a) => ({
      url: `http://${outlet.hosts.www}${a.path}`,
      title: liveHeadline(a, NOW) ?? "",
      publishedAt: a.publishedAt,
      updatedAt: a.publishedAt + 5 * 60_000,
      authors: a.authors,
      section: a.section.name,
      lede: world.textOf(a).lede,
    }));
}

function rendered(outlet: SimOutlet): { feedUrl: string; body: string; entries: FeedEntry[] } {
  const entries = entriesOf(outlet);
  const feedUrl = outlet.feeds[0] ?? "";
  const ctx: FeedContext = { outlet, feedUrl, homeUrl: outlet.homepage, now: NOW, label: "Portada" };
  return { feedUrl, entries, body: outlet.feedFormat === "rss" ? renderRss(ctx, entries) : renderAtom(ctx, entries) };
}

const expectedItems = (entries: FeedEntry[]): FeedItem[] =>
  entries.map((e) => ({
    url: e.url,
    title: e.title,
    section: e.section,
    authors: e.authors,
    publishedAt: new Date(Math.floor(e.publishedAt / 1000) * 1000), // feeds carry whole seconds
  }));

const damaged = async (body: string, damage: "truncated" | "unclosed" | "bad-dates") =>
  (await brokenXml({ kind: "broken-xml", damage }, REQ, async () => ({ status: 200, headers: { "content-type": TYPES.rss }, body })))
    .body as string;

describe.each(
  OUTLETS.map(
    (o, i) =>
      [
        `${o.feedFormat.toUpperCase()} of outlet ${i} (${o.cdata ? "CDATA" : "escaped"}, ${o.localTimes ? "local" : "UTC"} times)`,
        o,
      ] as const,
  ),
)("the simulated web's %s", (_name, outlet) => {
  const { feedUrl, body, entries } = rendered(outlet);

  it("EXT-1: gives every article's URL, headline, date, section and bylines", () => {
    expect(entries.length).toBeGreaterThan(10);
    expect(parseFeed(body, feedUrl, TYPES.rss)).toEqual(expectedItems(entries));
  });

  it("STO-3: keeps none of the ledes or their tokens", () => {
    const json = JSON.stringify(parseFeed(body, feedUrl));
    for (const a of world.articlesOf(outlet.slug, NOW - 12 * HOUR, NOW).slice(0, 30)) {
      const { lede, token } = world.textOf(a);
      expect(json).not.toContain(lede);
      expect(json).not.toContain(token);
    }
  });

  it("EXT-1: served as windows-1252 but declared UTF-8, gives the same items", async () => {
    const res: SimResponse = await windows1252({ kind: "windows-1252", declare: "utf-8" }, REQ, async () => ({
      status: 200,
      headers: { "content-type": TYPES.rss },
      body,
    }));
    expect(res.body).toBeInstanceOf(Uint8Array);
    expect(parseFeed(res.body as Uint8Array, feedUrl, res.headers["content-type"])).toEqual(expectedItems(entries));
  });

  it("EXT-1: truncated by the simulator, gives the items before the cut", async () => {
    const items = parseFeed(await damaged(body, "truncated"), feedUrl);
    expect(items.length).toBeGreaterThan(0);
    expect(items).toEqual(expectedItems(entries).slice(0, items.length));
  });

  it("EXT-1: with unclosed titles and a bare &, gives only intact items", async () => {
    const items = parseFeed(await damaged(body, "unclosed"), feedUrl);
    expect(items.length).toBeGreaterThanOrEqual(Math.floor(entries.length / 2));
    expect(expectedItems(entries)).toEqual(expect.arrayContaining(items));
  });

  it("EXT-1: with unreadable dates, keeps them unknown (never now)", async () => {
    const items = parseFeed(await damaged(body, "bad-dates"), feedUrl);
    expect(items).toEqual(expectedItems(entries).map(({ publishedAt: _dropped, ...rest }) => rest));
  });
});
