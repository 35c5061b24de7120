/** Rank spans written by recordCapture and read back by the front-page queries (SPEC STO-1, DER-7). */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { frontPageAt, rankHistory } from "../../../db/figures/api/front-pages";
import { importOutlets } from "../../../db/outlets";
import { recordSightings } from "../../../crawler/record/articles";
import { recordCapture } from "../../../crawler/record/frontpage";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2025-03-10T08:00:00Z");
const LOOK = 15 * 60_000;
let database: Database;
let outletId: number;
const ids = new Map<string, number>();

/** Record a capture of the page `names` (rank order) at look `n`. */
async function capture(n: number, names: string[]): Promise<void> {
  const at = T0 + n * LOOK;
  const outlet = simOutlets(1)[0]!;
  await database.db.transaction(async (tx) => {
    const found = await recordSightings(tx, {
      outletId,
      siteOf: () => "x.test",
      via: "frontpage",
      at,
      sightings: names.map((name) => ({ url: `http://${outlet.hosts.www}/${name}.html`, headline: name })),
    });
    for (const name of names) ids.set(name, found.get(`http://${outlet.hosts.www}/${name}.html`)!);
    await recordCapture(tx, {
      outletId,
      at,
      renderMode: "static",
      ranks: names.map((name, i) => ({ articleId: ids.get(name)!, rank: i + 1 })),
    });
  });
}

const namesAt = async (at: number) => {
  const byId = new Map([...ids].map(([name, id]) => [id, name]));
  return (await frontPageAt(database.db, outletId, at)).map((r) => byId.get(r.articleId));
};

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(1))), "sim.json"));
  [{ id: outletId }] = (await database.db.execute<{ id: number }>(sql`select id from outlets`)) as unknown as [{ id: number }];
});

afterAll(async () => {
  await database?.close();
});

describe("rank spans", () => {
  const pages = [
    ["a", "b", "c", "d", "e"],
    ["n", "a", "b", "c", "d"], // a newcomer on top pushes everyone down, e falls off
    ["n", "m", "a", "b", "c"], // another enters at rank 2
    ["c", "n", "m", "a", "b"], // c is promoted to the lead
    ["c", "n", "m", "a", "b"], // nothing changes
  ];

  it("STO-1, DER-7: reproduce every captured front page, also between captures, from far fewer rows than links × captures", async () => {
    for (const [n, page] of pages.entries()) await capture(n, page);
    for (const [n, page] of pages.entries()) {
      expect(await namesAt(T0 + n * LOOK)).toEqual(page);
      expect(await namesAt(T0 + n * LOOK + LOOK - 1)).toEqual(page);
    }
    expect(await namesAt(T0 - 1)).toEqual([]);
    const [{ n }] = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from rank_spans`)) as unknown as [
      { n: number },
    ];
    // a, b, c, d, e, then n, m, and c again: push-downs end no span.
    expect(n).toBe(8);
  });

  it("DER-7: an article's rank over time, one interval per rank held, for rank-over-time charts", async () => {
    expect(await rankHistory(database.db, ids.get("c")!)).toEqual([
      // Within a span each rank lasts until the capture that saw the next one.
      { rank: 3, from: T0, to: T0 + LOOK },
      { rank: 4, from: T0 + LOOK, to: T0 + 2 * LOOK },
      { rank: 5, from: T0 + 2 * LOOK, to: T0 + 2 * LOOK },
      { rank: 1, from: T0 + 3 * LOOK, to: T0 + 4 * LOOK },
    ]);
    expect(await rankHistory(database.db, ids.get("e")!)).toEqual([{ rank: 5, from: T0, to: T0 }]);
  });

  it("STO-1: after a gap longer than two hours the order is not assumed to have held", async () => {
    await capture(20, ["c", "n", "m", "a", "b"]);
    const open = await database.db.execute<{ from_at: string }>(sql`select from_at from rank_spans where to_at is null`);
    expect(open.map((r) => new Date(r.from_at).getTime())).toEqual(Array(5).fill(T0 + 20 * LOOK));
    expect(await namesAt(T0 + 20 * LOOK)).toEqual(["c", "n", "m", "a", "b"]);
    expect(await namesAt(T0 + 10 * LOOK)).toEqual(["c", "n", "m", "a", "b"]);
  });
});
