/**
 * The rank-spans dataset over a period (SPEC WEB-3, STO-1), read by index in three parts (short
 * spans by their start, longer ones by their end, open ones), pages exactly the spans that
 * overlap it: every span that ends at or after its start (or is open) and begins before its end,
 * once each and in keyset order, on generated history with spans of every length.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { bulkDataset, rangeRows } from "../../../db/bulk/day-rows";
import { loadApiScope, withGroup } from "../../../db/open-data/context";
import type { CursorKey } from "../../../db/open-data/cursor";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";

const END = Date.parse("2026-11-20T12:00:00Z");
const HOUR = 3_600_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "3", "--days", "4", "--seed", "tramos", "--end", new Date(END).toISOString()], END),
  );
  // Spans of every kind around the periods below: long ended ones, open ones begun long ago.
  await database.db.execute(sql`update rank_spans set to_at = from_at + interval '50 hours'
    where (article_id, from_at) in (select article_id, from_at from rank_spans where to_at is not null order by article_id limit 20)`);
  await database.db.execute(sql`update rank_spans set to_at = null
    where (article_id, from_at) in (select article_id, from_at from rank_spans where to_at is not null order by article_id desc limit 5)`);
}, 300_000);
afterAll(async () => {
  await database?.close();
});

describe("rank spans over a period", () => {
  it("WEB-3: pages every span overlapping the period once, in keyset order", async () => {
    const db = database.db;
    const ctx = { ...(await loadApiScope(db)), db, now: END };
    const periods = [
      { from: END - 24 * HOUR, to: END },
      { from: END - 80 * HOUR, to: END - 60 * HOUR },
      { from: Date.parse("2026-11-18T00:00:00Z"), to: Date.parse("2026-11-19T00:00:00Z") },
    ];
    let seen = 0;
    for (const period of periods) {
      const paged: string[] = [];
      for await (const page of rangeRows(ctx, bulkDataset("rank-spans"), period, 37))
        for (const r of page) paged.push(`${r.outlet} ${r.from_at} ${r.article_id}`);
      const expected = await db.execute<{ key: string }>(sql`
        select o.slug || ' ' || to_char(s.from_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ' ' || s.article_id as key
        from rank_spans s join outlets o on o.id = s.outlet_id
        where (s.to_at >= ${new Date(period.from).toISOString()} or s.to_at is null) and s.from_at < ${new Date(period.to).toISOString()}
        order by s.outlet_id, s.from_at, s.article_id`);
      expect(paged.length).toBeGreaterThan(37);
      expect(paged.map((k) => k.replace(/\.(\d{3})Z/, ".$1000Z"))).toEqual(expected.map((r) => r.key));
      seen += paged.length;
    }
    expect(seen).toBeGreaterThan(0);
  }, 120_000);

  it("WEB-3, WEB-10: a small group's spans over a period are its outlets' overlapping spans", async () => {
    const db = database.db;
    const [one] = await db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets order by id limit 1`);
    await db.execute(sql`update outlets set groups = '{muestra}' where id = ${one!.id}`);
    const ctx = withGroup({ ...(await loadApiScope(db)), db, now: END }, "muestra");
    const period = { from: END - 50 * HOUR, to: END - 10 * HOUR };
    const paged: string[] = [];
    for await (const page of rangeRows(ctx, bulkDataset("rank-spans"), period, 23))
      for (const r of page) paged.push(`${r.outlet} ${r.article_id}`);
    const expected = await db.execute<{ key: string }>(sql`
      select ${one!.slug} || ' ' || s.article_id as key from rank_spans s
      where s.outlet_id = ${one!.id} and (s.to_at >= ${new Date(period.from).toISOString()} or s.to_at is null)
        and s.from_at < ${new Date(period.to).toISOString()}
      order by s.from_at, s.article_id`);
    expect(paged.length).toBeGreaterThan(23);
    expect(paged).toEqual(expected.map((r) => r.key));
  }, 120_000);

  it("WEB-3, WEB-10: without a period, a group's spans are its outlets' spans, none of an outlet under «sin posición»", async () => {
    const db = database.db;
    const outlets = await db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets order by id`);
    const [first, last] = [outlets[0]!, outlets.at(-1)!];
    await db.execute(sql`update outlets set groups = '{}'`);
    await db.execute(sql`update outlets set groups = '{pareja}' where id in (${first.id}, ${last.id})`);
    const scope = await loadApiScope(db);
    const all = async (ctx: ReturnType<typeof withGroup>) => {
      const keys: string[] = [];
      let after: CursorKey | undefined;
      for (;;) {
        const page = await bulkDataset("rank-spans").page(ctx, { limit: 97 }, after, 97);
        keys.push(...page.items.map((r) => `${r.outlet} ${r.article_id}`));
        if (!page.next) return keys;
        after = page.next;
      }
    };
    const spansOf = async (ids: number[]) =>
      (
        await db.execute<{ key: string }>(sql`
          select o.slug || ' ' || s.article_id as key from rank_spans s join outlets o on o.id = s.outlet_id
          where s.outlet_id = any(${`{${ids.join(",")}}`}::int[]) order by s.outlet_id, s.from_at, s.article_id`)
      ).map((r) => r.key);
    const group = withGroup({ ...scope, db, now: END }, "pareja");
    expect(await all(group)).toEqual(await spansOf([first.id, last.id]));
    const withoutPositions = {
      ...scope,
      policies: { ...scope.policies, forOutlet: (id: number) => ({ ...scope.policies.forOutlet(id), positions: id !== last.id }) },
    };
    expect(await all(withGroup({ ...withoutPositions, db, now: END }, "pareja"))).toEqual(await spansOf([first.id]));
  }, 120_000);
});
