/**
 * A story's last sighting follows its articles' later sightings (SPEC DER-2, WEB-1): the
 * story step dates a story when it places articles; an article that stays on a front page
 * afterwards must move the story's time forward.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { listRecentStories, loadStoryPage } from "../../../db/queries/stories/story-page";
import { createStoryHousekeeping } from "../../../crawler/derive/story-housekeeping";
import { refreshStoryLastSeen } from "../../../crawler/derive/story-last-seen";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addFrontPages, addOutlet, addStory, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const DAY = 24 * HOUR;
let database: Database;
let onFront: number;
let headlineLater: number;
let still: number;
let old: number;

async function lastSeen(id: number): Promise<number> {
  const [row] = await database.db.execute<{ t: string | Date }>(sql`select last_seen_at as t from stories where id = ${id}`);
  return new Date(row!.t).getTime();
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const uno = await addOutlet(db, "uno", "Diario Uno");
  const dos = await addOutlet(db, "dos", "Diario Dos");
  // Dated by the story step five hours ago; its article has stayed on Uno's front page since.
  onFront = await addStory(db, ["incendio"], NOW - 6 * HOUR, NOW - 5 * HOUR);
  const a = await addArticle(db, {
    outletId: uno,
    path: "/incendio",
    firstSeenAt: NOW - 6 * HOUR,
    storyId: onFront,
    headlines: [["Incendio en el puerto", NOW - 6 * HOUR, NOW - 5 * HOUR]],
  });
  await addFrontPages(db, uno, [
    [NOW - 5 * HOUR, [a]],
    [NOW - 2 * HOUR, [a]],
    [NOW - 10 * MINUTE, [a]],
  ]);
  // Its headline was seen again an hour ago (a feed), after the story was dated.
  headlineLater = await addStory(db, ["pleno"], NOW - 4 * HOUR, NOW - 4 * HOUR);
  await addArticle(db, {
    outletId: dos,
    path: "/pleno",
    firstSeenAt: NOW - 4 * HOUR,
    storyId: headlineLater,
    headlines: [["Pleno del Senado", NOW - 4 * HOUR, NOW - HOUR]],
  });
  // Already up to date: nothing later to follow.
  still = await addStory(db, ["lluvia"], NOW - 3 * HOUR, NOW - 2 * HOUR);
  await addArticle(db, {
    outletId: dos,
    path: "/lluvia",
    firstSeenAt: NOW - 3 * HOUR,
    storyId: still,
    headlines: [["Lluvias en Galicia", NOW - 3 * HOUR, NOW - 3 * HOUR]],
  });
  // Dated ten days ago, out of the lists' week, but its article is still on Dos's front page.
  old = await addStory(db, ["antigua"], NOW - 11 * DAY, NOW - 10 * DAY);
  const b = await addArticle(db, {
    outletId: dos,
    path: "/antigua",
    firstSeenAt: NOW - 11 * DAY,
    storyId: old,
    headlines: [["Una historia larga", NOW - 11 * DAY, NOW - 10 * DAY]],
  });
  await addFrontPages(db, dos, [
    [NOW - 10 * DAY, [b]],
    [NOW - 30 * MINUTE, [b]],
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("a story's last sighting", () => {
  it("DER-2: before the refresh, the story still reads as last seen when the story step dated it", async () => {
    const page = (await loadStoryPage(database.db, NO_POLICIES, { id: onFront }))!;
    expect(page.lastSeenAt).toBe(NOW - 5 * HOUR);
  });

  it("DER-2: follows an article still on a front page, a headline seen again later, and an old story whose article is still up", async () => {
    const moved = await refreshStoryLastSeen(database.db, { now: NOW });
    expect(moved).toBe(3);
    expect(await lastSeen(onFront)).toBe(NOW - 10 * MINUTE);
    expect(await lastSeen(headlineLater)).toBe(NOW - HOUR);
    expect(await lastSeen(still)).toBe(NOW - 2 * HOUR);
    expect(await lastSeen(old)).toBe(NOW - 30 * MINUTE);
    const page = (await loadStoryPage(database.db, NO_POLICIES, { id: onFront }))!;
    expect(page.lastSeenAt).toBe(NOW - 10 * MINUTE);
    const list = await listRecentStories(database.db, NO_POLICIES, {
      page: 1,
      pageSize: 10,
      now: NOW,
      order: { column: "ultima", descending: true },
    });
    expect(list.items.map((s) => s.id)).toEqual([onFront, old, headlineLater, still]);
  });

  it("DER-2: never moves a story back nor past the clock; a second run moves nothing", async () => {
    expect(await refreshStoryLastSeen(database.db, { now: NOW })).toBe(0);
    await refreshStoryLastSeen(database.db, { now: NOW - 3 * HOUR });
    expect(await lastSeen(onFront)).toBe(NOW - 10 * MINUTE);
  });

  it("DER-2: the worker's story housekeeping runs the refresh", async () => {
    await database.db.execute(sql`update stories set last_seen_at = ${new Date(NOW - 5 * HOUR).toISOString()} where id = ${onFront}`);
    await createStoryHousekeeping({ db: database.db, clock: { now: () => NOW } })();
    expect(await lastSeen(onFront)).toBe(NOW - 10 * MINUTE);
  });
});
