/**
 * Spans covering a period are found without a range index (SPEC STO-1 reads): short ones by
 * their start, lasting ones (open, or longer than SHORT_SPAN) by their end. Checked against
 * the plain definition of overlap, at the edges of SHORT_SPAN.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { spansOverlapping } from "../../../db/span-overlap";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2025-03-10T08:00:00Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
let database: Database;
let outletId: number;

/** Spans as [from, to] in hours after T0 (to null: open), each of its own article. */
const SPANS: [number, number | null][] = [
  [0, 0.25],
  [0, 24],
  [0, 24.001],
  [1, 30],
  [2, 80],
  [5, 5],
  [10, null],
  [20, 21],
  [23.5, 47.5],
  [30, 54],
  [30, 54.5],
  [40, null],
  [60, 61],
  [70, 96],
  [-200, null],
];

beforeAll(async () => {
  database = await createTestDatabase();
  const outlets = simOutlets(2);
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(outlets)), "sim.json"));
  const ids = (await database.db.execute<{ id: number }>(sql`select id from outlets order by id`)) as unknown as { id: number }[];
  outletId = ids[0]!.id;
  // The same spans for a second outlet, which must never be read for the first.
  for (const outlet of ids.map((r) => r.id)) {
    for (const [i, [from, to]] of SPANS.entries()) {
      const [{ id }] = (await database.db.execute<{ id: number }>(sql`
        insert into articles (outlet_id, url, first_seen_at, first_seen_in, site_domain)
        values (${outlet}, ${`http://x.test/${outlet}/${i}.html`}, ${iso(T0 - 300 * HOUR)}, 'frontpage', 'x.test') returning id`)) as unknown as [
        { id: number },
      ];
      await database.db.execute(sql`
        insert into rank_spans (article_id, outlet_id, position, from_at, to_at)
        values (${id}, ${outlet}, ${i}, ${iso(T0 + from * HOUR)}, ${to === null ? null : iso(T0 + to * HOUR)})`);
    }
  }
  await database.db.execute(sql`analyze rank_spans`);
});

afterAll(async () => {
  await database?.close();
});

/** Positions of the spans of the outlet overlapping [from, to] (hours after T0; to null: no end), by the index reads and by definition. */
async function both(from: number, to: number | null): Promise<{ read: number[]; expected: number[] }> {
  const f = sql`${iso(T0 + from * HOUR)}::timestamptz`;
  const t = to === null ? null : sql`${iso(T0 + to * HOUR)}::timestamptz`;
  const read = (await database.db.execute<{ position: number }>(sql`
    select position from ${spansOverlapping(sql`${outletId}::int`, f, t, ["position"])} s order by position`)) as unknown as {
    position: number;
  }[];
  const expected = (await database.db.execute<{ position: number }>(sql`
    select position from rank_spans where outlet_id = ${outletId} and (to_at >= ${f} or to_at is null)
      and ${t === null ? sql`true` : sql`from_at <= ${t}`} order by position`)) as unknown as { position: number }[];
  return { read: read.map((r) => Number(r.position)), expected: expected.map((r) => Number(r.position)) };
}

describe("spans overlapping a period", () => {
  it("STO-1: every span covering an instant, once, short or lasting, at the edges of a day", async () => {
    for (const at of [-201, -200, 0, 0.25, 0.3, 5, 12, 24, 24.001, 24.01, 29.99, 47.5, 48, 54.5, 55, 80, 80.01, 96, 97, 500]) {
      const { read, expected } = await both(at, at);
      expect(read, `at ${at} h`).toEqual(expected);
    }
  });

  it("STO-1: every span overlapping a period, once, with or without an end", async () => {
    for (const [from, to] of [
      [-300, -250],
      [0, 1],
      [24.0005, 25],
      [47, 60],
      [55, 69],
      [81, 95],
      [0, 200],
      [100, null],
      [25, null],
    ] as const) {
      const { read, expected } = await both(from, to);
      expect(read, `from ${from} h to ${to} h`).toEqual(expected);
    }
  });

  it("STO-1: both halves are index reads (the partial index's predicate is provable from the query)", async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute(
        sql`explain select position from ${spansOverlapping(sql`${outletId}::int`, sql`${iso(T0)}::timestamptz`, sql`${iso(T0 + HOUR)}::timestamptz`, ["position"])} s`,
      );
      return rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("rank_spans_outlet_from");
    expect(plan).toContain("rank_spans_lasting");
    expect(plan).not.toContain("Seq Scan");
  });
});
