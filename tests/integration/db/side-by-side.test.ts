import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadFrontPageAt } from "../../../db/queries/front-pages/front-page-at";
import { loadSideBySide } from "../../../db/queries/front-pages/side-by-side";
import { storyMarks } from "../../../lib/pages/story-marks";
import { createTestDatabase } from "../../support/database";
import { addArticle, addExclusion, addFrontPages, addOutlet, addStory, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let story: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  story = await addStory(db, ["incendio", "valencia"], NOW - 5 * HOUR, NOW);
  const norte = await addOutlet(db, "norte", "El Norte");
  const sur = await addOutlet(db, "sur", "El Sur");
  const oculto = await addOutlet(db, "oculto", "El Oculto");
  await addExclusion(db, oculto, "sin-posicion", NOW - 10 * HOUR);
  const add = async (key: string, outletId: number, storyId?: number) => {
    ids[key] = await addArticle(db, {
      outletId,
      path: `/${key}`,
      firstSeenAt: NOW - 5 * HOUR,
      storyId,
      headlines: [[`Titular ${key}`, NOW - 5 * HOUR, NOW]],
    });
  };
  await add("n1", norte, story);
  await add("n2", norte);
  await add("s1", sur);
  await add("s2", sur, story);
  await addFrontPages(db, norte, [[NOW - 3 * HOUR, [ids.n1!, ids.n2!]]]);
  await addFrontPages(db, sur, [
    [NOW - 2 * HOUR, [ids.s1!, ids.s2!]],
    [NOW - HOUR, [ids.s2!, ids.s1!]],
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("front pages side by side", () => {
  it("WEB-5: each column is the outlet's page at that minute, in the order asked; the shared story is found in both", async () => {
    const { db } = database;
    const minute = NOW - 90 * MINUTE;
    const view = await loadSideBySide(db, await loadPolicies(db), { slugs: ["sur", "norte", "nadie", "oculto"], minute, now: NOW });
    expect(view.columns.map((c) => c.outlet.slug)).toEqual(["sur", "norte", "oculto"]);
    expect(view.unknown).toEqual(["nadie"]);
    expect(view.columns[2]!.page).toBeNull();
    const sur = view.columns[0]!.page!;
    const single = await loadFrontPageAt(db, {
      outletId: view.columns[0]!.outlet.id,
      policy: view.columns[0]!.outlet.policy,
      minute,
      now: NOW,
    });
    expect(sur.links.map((l) => [l.articleId, l.rank])).toEqual(single.links.map((l) => [l.articleId, l.rank]));
    expect(sur.links.map((l) => l.articleId)).toEqual([ids.s1, ids.s2]);
    const marks = storyMarks(view.columns.map((c) => c.page?.links.map((l) => l.storyId) ?? []));
    expect([...marks.keys()]).toEqual([story]);
    expect(view.storyNames.get(story)).toEqual(["incendio", "valencia"]);
  });
});
