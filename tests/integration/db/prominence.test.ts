/** Prominence of articles and stories (SPEC DER-9) from the front pages as recorded, and /historias sorted by it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadArticleProminence, loadStoryProminence } from "../../../db/open-data/sql/prominence";
import { listRecentStories } from "../../../db/queries/stories/story-page";
import { makePolicies, NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addFrontPages, addOutlet, addStory, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const T = NOW - 10 * HOUR;
let database: Database;
let uno: number;
let dos: number;
const ids: Record<string, number> = {};
const stories: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  uno = await addOutlet(db, "uno", "Diario Uno");
  dos = await addOutlet(db, "dos", "Diario Dos");
  stories.big = await addStory(db, ["grande"], T, NOW - HOUR);
  stories.small = await addStory(db, ["pequena"], T, NOW - 2 * HOUR);
  const article = async (key: string, outletId: number, storyId: number) => {
    ids[key] = await addArticle(db, { outletId, path: `/${key}`, firstSeenAt: T, storyId, headlines: [[key, T, NOW - HOUR]] });
  };
  await article("lead", uno, stories.small);
  await article("second", uno, stories.big);
  await article("other", dos, stories.big);
  // uno: "lead" first and "second" second for two hours; "second" stays second until the capture
  // at which it leads (an interval runs to the capture where the rank changed), then leads an hour.
  await addFrontPages(db, uno, [
    [T, [ids.lead!, ids.second!]],
    [T + HOUR, [ids.lead!, ids.second!]],
    [T + 2 * HOUR, [ids.lead!, ids.second!]],
    [T + 3 * HOUR, [ids.second!]],
    [T + 4 * HOUR, [ids.second!]],
  ]);
  // dos: "other" leads for four hours.
  await addFrontPages(db, dos, [
    [T, [ids.other!]],
    [T + 4 * HOUR, [ids.other!]],
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("prominence read model (DER-9)", () => {
  it("DER-9: an article's prominence is its minutes at each rank times 1 / log2(rank + 1)", async () => {
    const p = await loadArticleProminence(database.db, [ids.lead!, ids.second!, ids.other!]);
    expect(p.get(ids.lead!)).toBeCloseTo(120, 6);
    // Three hours second (weight 1/log2(3)), then an hour leading.
    expect(p.get(ids.second!)).toBeCloseTo(180 / Math.log2(3) + 60, 6);
    expect(p.get(ids.other!)).toBeCloseTo(240, 6);
  });

  it("DER-9, PUB-6: a story's prominence sums its articles, leaving out outlets whose positions are withheld", async () => {
    const all = await loadStoryProminence(database.db, [stories.big!, stories.small!], () => true);
    expect(all.get(stories.big!)).toBeCloseTo(180 / Math.log2(3) + 60 + 240, 6);
    expect(all.get(stories.small!)).toBeCloseTo(120, 6);
    const withheld = await loadStoryProminence(database.db, [stories.big!], (outletId) => outletId !== dos);
    expect(withheld.get(stories.big!)).toBeCloseTo(180 / Math.log2(3) + 60, 6);
  });

  it("DER-9, WEB-2: /historias sorts by prominence both ways and shows the same rounded value", async () => {
    const page = (descending: boolean) =>
      listRecentStories(database.db, NO_POLICIES, { page: 1, pageSize: 20, now: NOW, order: { column: "prominencia", descending } });
    const down = await page(true);
    expect(down.items.map((s) => [s.id, s.prominence])).toEqual([
      [stories.big, Math.round(180 / Math.log2(3) + 300)],
      [stories.small, 120],
    ]);
    expect((await page(false)).items.map((s) => s.id)).toEqual([stories.small, stories.big]);
    // Other orders carry prominence too; under "sin posición" an outlet adds nothing.
    const hidden = makePolicies([{ outletId: dos, scope: "sin-posicion" }], []);
    const byOutlets = await listRecentStories(database.db, hidden, { page: 1, pageSize: 1, now: NOW });
    expect(byOutlets.items).toEqual([expect.objectContaining({ id: stories.big, prominence: Math.round(180 / Math.log2(3) + 60) })]);
    expect(byOutlets.pageCount).toBe(2);
  });
});
