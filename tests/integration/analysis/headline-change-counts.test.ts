/**
 * Stored headline-change counts per article against real PostgreSQL (SPEC DER-6, OPS-8): the worker's counts give the
 * outlet figures the same result as counting every version, and a change to the versions never leaves a stale count.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadHeadlineTestCounts } from "../../../db/figures/headline-changes";
import { storeHeadlineChangeCounts } from "../../../db/figures/headline-change-counts";
import { importOutlets } from "../../../db/outlets";
import { createHeadlineChangeCounter } from "../../../crawler/derive/count-headline-changes";
import { recordSightings } from "../../../crawler/record/articles";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-03-10T08:00:00Z");
const H = 3_600_000;
let database: Database;
let outlet: number;
let ids: Map<string, number>;

const front = (h: number, items: [string, string][]) =>
  recordSightings(database.db, {
    outletId: outlet,
    siteOf: () => "x.test",
    via: "frontpage",
    at: T0 + h * H,
    sightings: items.map(([path, headline]) => ({ url: `http://o${outlet}.test/${path}`, headline })),
  });

const stored = async () =>
  (await database.db.execute<{ article_id: string; tests: number | null; rewrites: number | null; generation: number }>(
    sql`select article_id, tests, rewrites, generation from versioned_articles order by article_id`,
  )) as unknown as { article_id: string; tests: number | null; rewrites: number | null; generation: number }[];

const figures = async () => (await loadHeadlineTestCounts(database.db, { outletIds: [outlet], from: T0 - H, to: T0 + 4 * H })).get(outlet);

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(1))), "sim.json"));
  [{ id: outlet }] = (await database.db.execute<{ id: number }>(sql`select id from outlets`)) as unknown as [{ id: number }];
  // x: A→B→A, a test; y: three headlines one after another, two rewrites; z: one headline, no change.
  ids = await front(0, [
    ["x", "Titular A de la prueba"],
    ["y", "Primer titular de la noticia"],
    ["z", "Un titular que no cambia"],
  ]);
  await front(1, [
    ["x", "Titular A de la prueba"],
    ["y", "Segundo titular de la noticia"],
  ]);
  await front(2, [
    ["x", "Titular B de la prueba"],
    ["y", "Tercer titular de la noticia"],
  ]);
  await front(3, [["x", "Titular A de la prueba"]]);
});

afterAll(async () => {
  await database?.close();
});

describe("Stored headline-change counts (DER-6, OPS-8)", () => {
  it("an article is counted only once settled: first seen a day ago, none of its versions seen in the last hour", async () => {
    const counter = createHeadlineChangeCounter({ db: database.db, now: () => T0 + 20 * H });
    expect(await counter()).toBe(0);
    expect((await stored()).map((r) => r.tests)).toEqual([null, null]);
    expect(await createHeadlineChangeCounter({ db: database.db, now: () => T0 + 27 * H })()).toBe(2);
  });

  it("the figures read from stored counts are those counted from every version", async () => {
    expect((await stored()).map((r) => [r.tests, r.rewrites])).toEqual([
      [1, 0],
      [0, 2],
    ]);
    expect(await figures()).toEqual({ changedArticles: 2, rewrites: 2, tests: 1, testedArticles: 1 });
  });

  it("a version seen again clears the article's counts and bumps its generation; the figures follow the versions at once", async () => {
    const before = await stored();
    // B comes back two days later: it now outlives A, and A's last sighting no longer runs past B's first.
    await front(50, [["x", "Titular B de la prueba"]]);
    const after = await stored();
    expect(after[0]!.tests).toBeNull();
    expect(after[0]!.generation).toBe(before[0]!.generation + 1);
    expect(after[1]).toEqual(before[1]);
    const live = await figures();
    expect(await createHeadlineChangeCounter({ db: database.db, now: () => T0 + 52 * H })()).toBe(1);
    expect((await stored())[0]!.tests).not.toBeNull();
    expect(await figures()).toEqual(live);
  });

  it("a count is not stored over a change still being written: the row is held, skipped, and counted once it is committed", async () => {
    const x = ids.get(`http://o${outlet}.test/x`)!;
    await database.sql`update headline_versions set last_seen_at = last_seen_at where article_id = ${x}`;
    expect((await stored())[0]!.tests).toBeNull();
    const writer = await database.sql.reserve();
    try {
      await writer`begin`;
      await writer`update headline_versions set last_seen_at = last_seen_at + interval '1 minute' where article_id = ${x}`;
      // The counter reads the versions as committed, then finds the article's row held by the writer: nothing stored.
      expect(await storeHeadlineChangeCounts(database.db, { now: T0 + 60 * H })).toEqual({ read: 1, stored: 0 });
      await writer`commit`;
    } finally {
      writer.release();
    }
    expect((await stored())[0]!.tests).toBeNull();
    expect(await storeHeadlineChangeCounts(database.db, { now: T0 + 60 * H })).toEqual({ read: 1, stored: 1 });
  });
});
