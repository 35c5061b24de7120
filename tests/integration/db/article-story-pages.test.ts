import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadArticlePage } from "../../../db/queries/site/article-page";
import { loadPolicies } from "../../../db/policies-in-force";
import { listRecentStories, loadStoryPage, storyMergedInto } from "../../../db/queries/stories/story-page";
import { makePolicies, NO_POLICIES, UNSIGNED, WITHHELD_HEADLINE, type Scope } from "../../../lib/policy";
import { prominenceMinutes } from "../../../lib/analysis/prominence";
import { createTestDatabase } from "../../support/database";
import {
  addArticle,
  addExclusion,
  addFraming,
  addFillers,
  addFrontPages,
  addOutlet,
  addStory,
  HOUR,
  hideAuthor,
  MINUTE,
} from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let uno: number;
let dos: number;
let tres: number;
let story: number;
let quiet: number;
let a1: number;
let a2: number;
let a3: number;

const scoped = (outletId: number, scope: Scope) => makePolicies([{ outletId, scope }], []);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  uno = await addOutlet(db, "uno", "Diario Uno");
  dos = await addOutlet(db, "dos", "Diario Dos");
  tres = await addOutlet(db, "tres", "Diario Tres");
  story = await addStory(db, ["incendio", "valencia"], NOW - 10 * HOUR, NOW - HOUR);
  quiet = await addStory(db, ["pleno", "senado"], NOW - 3 * HOUR, NOW - 2 * HOUR);
  await addStory(db, ["antigua"], NOW - 30 * 24 * HOUR, NOW - 20 * 24 * HOUR);
  a1 = await addArticle(db, {
    outletId: uno,
    path: "/incendio",
    firstSeenAt: NOW - 10 * HOUR,
    publishedAt: NOW - 10 * HOUR - 20 * MINUTE,
    section: "España",
    authors: ["Ana Pérez", "Luis Gómez"],
    storyId: story,
    headlines: [
      ["El incendio de Valencia obliga a desalojar a 300 vecinos", NOW - 10 * HOUR, NOW - 6 * HOUR],
      ["El incendio de Valencia obliga a desalojar a 500 vecinos", NOW - 6 * HOUR, NOW - HOUR],
    ],
  });
  await db.execute(sql`update articles set first_seen_frontpage_at = ${new Date(NOW - 9 * HOUR).toISOString()} where id = ${a1}`);
  // Fourth under three other links, then the lead.
  const aboveA1 = await addFillers(db, uno, 3, NOW - 9 * HOUR);
  await addFrontPages(db, uno, [
    [NOW - 9 * HOUR, [...aboveA1, a1]],
    [NOW - 7 * HOUR, [a1]],
    [NOW - 2 * HOUR, [a1]],
  ]);
  a2 = await addArticle(db, {
    outletId: dos,
    path: "/fuego",
    firstSeenAt: NOW - 8 * HOUR,
    storyId: story,
    firstSeenIn: "frontpage",
    headlines: [["Fuego en Valencia: 500 desalojados", NOW - 8 * HOUR, NOW - 2 * HOUR]],
  });
  const aboveA2 = await addFillers(db, dos, 1, NOW - 8 * HOUR);
  await addFrontPages(db, dos, [
    [NOW - 8 * HOUR, [...aboveA2, a2]],
    [NOW - 5 * HOUR, [...aboveA2, a2]],
    [NOW - 4 * HOUR, aboveA2],
  ]);
  a3 = await addArticle(db, {
    outletId: tres,
    path: "/valencia",
    firstSeenAt: NOW - 7 * HOUR,
    storyId: story,
    headlines: [["Valencia arde", NOW - 7 * HOUR, NOW - 7 * HOUR]],
  });
  await addArticle(db, {
    outletId: uno,
    path: "/pleno",
    firstSeenAt: NOW - 3 * HOUR,
    storyId: quiet,
    headlines: [["Pleno del Senado", NOW - 3 * HOUR, NOW - 2 * HOUR]],
  });
  await addFraming(db, "El incendio de Valencia obliga a desalojar a 500 vecinos", "C", 0.6, NOW - HOUR);
});
afterAll(async () => {
  await database.close();
});

describe("article page read model", () => {
  it("WEB-1: headline history oldest first, each change with its word diff", async () => {
    const page = (await loadArticlePage(database.db, NO_POLICIES, { id: a1 }))!;
    expect(page.headline).toBe("El incendio de Valencia obliga a desalojar a 500 vecinos");
    expect(page.versions.map((v) => [v.headline, v.firstSeenAt, v.lastSeenAt, v.seenIn])).toEqual([
      ["El incendio de Valencia obliga a desalojar a 300 vecinos", NOW - 10 * HOUR, NOW - 6 * HOUR, ["feed"]],
      ["El incendio de Valencia obliga a desalojar a 500 vecinos", NOW - 6 * HOUR, NOW - HOUR, ["feed"]],
    ]);
    expect(page.versions[0]!.diff).toBeNull();
    expect(page.versions[1]!.diff).toEqual([
      { kind: "same", text: "El incendio de Valencia obliga a desalojar a" },
      { kind: "removed", text: "300" },
      { kind: "added", text: "500" },
      { kind: "same", text: "vecinos" },
    ]);
    expect(page.versions[1]!.framing).toEqual({ letter: "C", score: expect.closeTo(0.6, 5) });
  });

  it("WEB-1, DER-7: ranks over time on the outlet's front page, best rank and time on it", async () => {
    const page = (await loadArticlePage(database.db, NO_POLICIES, { id: a1 }))!;
    expect(page.ranks).toEqual({
      spans: [
        { fromAt: NOW - 9 * HOUR, toAt: NOW - 7 * HOUR, rank: 4 },
        { fromAt: NOW - 7 * HOUR, toAt: NOW - 2 * HOUR, rank: 1 },
      ],
      bestRank: 1,
      onFrontPageMs: 7 * HOUR,
      asLeadMs: 5 * HOUR,
      // DER-9: two hours fourth (weight 1 / log2(5)), five leading.
      prominence: expect.closeTo(120 / Math.log2(5) + 300, 6),
    });
  });

  it("DER-8: the times: declared, first seen and first seen in each source; section, bylines and story", async () => {
    const page = (await loadArticlePage(database.db, NO_POLICIES, { id: a1 }))!;
    expect(page).toMatchObject({
      publishedAt: NOW - 10 * HOUR - 20 * MINUTE,
      firstSeenAt: NOW - 10 * HOUR,
      firstSeenIn: "feed",
      firstSeen: { feed: NOW - 10 * HOUR, sitemap: null, frontpage: NOW - 9 * HOUR },
      section: "España",
      bylines: ["Ana Pérez", "Luis Gómez"],
      story: { id: story, outletCount: 3 },
      outlet: { slug: "uno", name: "Diario Uno" },
    });
  });

  it("PUB-5: a hidden author's byline reads 'sin firma a petición del autor'", async () => {
    await hideAuthor(database.db, "luis gomez", NOW - HOUR);
    const page = (await loadArticlePage(database.db, await loadPolicies(database.db), { id: a1 }))!;
    expect(page.bylines).toEqual(["Ana Pérez", UNSIGNED]);
  });

  it("WEB-1: unknown, negative and huge ids have no page", async () => {
    for (const id of [999_999, 0, -1, Number.MAX_SAFE_INTEGER, 2 ** 60, 1.5]) {
      expect(await loadArticlePage(database.db, NO_POLICIES, { id }), String(id)).toBeUndefined();
    }
  });

  it("PUB-6: each scope on the article page", async () => {
    expect(await loadArticlePage(database.db, scoped(uno, "total"), { id: a1 })).toBeUndefined();
    const withheld = (await loadArticlePage(database.db, scoped(uno, "sin-titulares-literales"), { id: a1 }))!;
    expect(withheld.headline).toBe(WITHHELD_HEADLINE);
    expect(withheld.versions.map((v) => v.headline)).toEqual([WITHHELD_HEADLINE, WITHHELD_HEADLINE]);
    expect(withheld.versions.map((v) => v.diff)).toEqual([null, null]);
    expect(JSON.stringify(withheld)).not.toContain("incendio de Valencia");
    expect((await loadArticlePage(database.db, scoped(uno, "sin-posicion"), { id: a1 }))!.ranks).toBeNull();
    expect(
      (await loadArticlePage(database.db, scoped(uno, "sin-anotacion-de-modelo"), { id: a1 }))!.versions.map((v) => v.framing),
    ).toEqual([null, null]);
    expect((await loadArticlePage(database.db, scoped(dos, "total"), { id: a1 }))!.story).toEqual({ id: story, outletCount: 2 });
  });
});

describe("story pages read models", () => {
  it("WEB-1: recent stories by number of outlets, paginated; old stories are left out", async () => {
    const list = await listRecentStories(database.db, NO_POLICIES, { page: 1, pageSize: 1, now: NOW });
    expect(list).toMatchObject({ total: 2, pageCount: 2, start: NOW - 7 * 24 * HOUR });
    expect(list.items).toEqual([
      {
        id: story,
        keyTerms: ["incendio", "valencia"],
        firstSeenAt: NOW - 10 * HOUR,
        lastSeenAt: NOW - HOUR,
        outletCount: 3,
        outletNames: ["Diario Dos", "Diario Tres", "Diario Uno"],
        label: { headline: "El incendio de Valencia obliga a desalojar a 300 vecinos", outlet: "Diario Uno" },
        prominence: expect.any(Number),
      },
    ]);
    const second = await listRecentStories(database.db, NO_POLICIES, { page: 2, pageSize: 1, now: NOW });
    expect(second.items.map((s) => [s.id, s.outletCount])).toEqual([[quiet, 1]]);
  });

  it("WEB-1: a story shows which outlets covered it, when, where on the front page, for how long, with their headlines", async () => {
    const page = (await loadStoryPage(database.db, NO_POLICIES, { id: story }))!;
    expect(page.keyTerms).toEqual(["incendio", "valencia"]);
    expect(page.coverage).toEqual([
      {
        articleId: a1,
        outlet: { slug: "uno", name: "Diario Uno" },
        firstSeenAt: NOW - 10 * HOUR,
        publishedAt: NOW - 10 * HOUR - 20 * MINUTE,
        agency: null,
        frontPage: {
          firstAt: NOW - 9 * HOUR,
          firstRank: 4,
          bestRank: 1,
          onFrontPageMs: 7 * HOUR,
          spans: expect.any(Array),
          prominence: expect.any(Number),
        },
        headlines: ["El incendio de Valencia obliga a desalojar a 300 vecinos", "El incendio de Valencia obliga a desalojar a 500 vecinos"],
      },
      {
        articleId: a2,
        outlet: { slug: "dos", name: "Diario Dos" },
        firstSeenAt: NOW - 8 * HOUR,
        publishedAt: null,
        agency: null,
        frontPage: {
          firstAt: NOW - 8 * HOUR,
          firstRank: 2,
          bestRank: 2,
          onFrontPageMs: 3 * HOUR,
          spans: [{ fromAt: NOW - 8 * HOUR, toAt: NOW - 5 * HOUR, rank: 2 }],
          prominence: expect.closeTo(180 / Math.log2(3), 6),
        },
        headlines: ["Fuego en Valencia: 500 desalojados"],
      },
      {
        articleId: a3,
        outlet: { slug: "tres", name: "Diario Tres" },
        firstSeenAt: NOW - 7 * HOUR,
        publishedAt: null,
        agency: null,
        frontPage: { firstAt: null, firstRank: null, bestRank: null, onFrontPageMs: 0, spans: [], prominence: 0 },
        headlines: ["Valencia arde"],
      },
    ]);
    // DER-9: the stored prominence the page shows is that of the rank history it charts.
    const first = page.coverage[0]!.frontPage!;
    expect(first.prominence).toBeCloseTo(prominenceMinutes(first.spans), 6);
  });

  it("WEB-1: unknown and out-of-range story ids have no page", async () => {
    for (const id of [123_456, 0, -5, 2 ** 60]) expect(await loadStoryPage(database.db, NO_POLICIES, { id })).toBeUndefined();
  });

  it("PUB-6: each scope on the story pages", async () => {
    const total = scoped(dos, "total");
    expect((await loadStoryPage(database.db, total, { id: story }))!.coverage.map((c) => c.outlet.slug)).toEqual(["uno", "tres"]);
    expect((await listRecentStories(database.db, total, { page: 1, pageSize: 10, now: NOW })).items[0]).toMatchObject({
      outletCount: 2,
      outletNames: ["Diario Tres", "Diario Uno"],
    });
    const onlyUno = makePolicies(
      [
        { outletId: dos, scope: "total" },
        { outletId: tres, scope: "total" },
        { outletId: uno, scope: "total" },
      ],
      [],
    );
    expect(await loadStoryPage(database.db, onlyUno, { id: story })).toBeUndefined();
    expect((await listRecentStories(database.db, onlyUno, { page: 1, pageSize: 10, now: NOW })).total).toBe(0);

    const withheld = (await loadStoryPage(database.db, scoped(uno, "sin-titulares-literales"), { id: story }))!;
    expect(withheld.coverage[0]!.headlines).toEqual([WITHHELD_HEADLINE]);
    expect(withheld.coverage[1]!.headlines).toEqual(["Fuego en Valencia: 500 desalojados"]);
    // DER-5, PUB-1: the story is then named by a headline that may be quoted.
    expect(withheld.label).toEqual({ headline: "Fuego en Valencia: 500 desalojados", outlet: "Diario Dos" });
    const unpositioned = (await loadStoryPage(database.db, scoped(dos, "sin-posicion"), { id: story }))!;
    expect(unpositioned.coverage.map((c) => c.frontPage === null)).toEqual([false, true, false]);
  });

  it("DER-2: a story merged into an older one has no page of its own and points at the survivor; no list shows it", async () => {
    const merged = await addStory(database.db, ["valencia", "fuego"], NOW - 9 * HOUR, NOW - 2 * HOUR);
    await database.db.execute(sql`update stories set merged_into = ${story} where id = ${merged}`);
    expect(await loadStoryPage(database.db, NO_POLICIES, { id: merged })).toBeUndefined();
    expect(await storyMergedInto(database.db, merged)).toBe(story);
    expect(await storyMergedInto(database.db, story)).toBeUndefined();
    const list = await listRecentStories(database.db, NO_POLICIES, { page: 1, pageSize: 10, now: NOW });
    expect(list.items.map((s) => s.id)).not.toContain(merged);
  });

  it("PUB-6: an exclusion in force in the database removes the outlet from the story", async () => {
    await addExclusion(database.db, tres, "total", NOW - HOUR);
    const page = (await loadStoryPage(database.db, await loadPolicies(database.db), { id: story }))!;
    expect(page.coverage.map((c) => c.outlet.slug)).toEqual(["uno", "dos"]);
  });
});
