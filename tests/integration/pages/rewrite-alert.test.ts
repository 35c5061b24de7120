/**
 * The late-rewrite alert's entries (SPEC WEB-6) read from the headline changes the triggers keep
 * equal the ones read from headline versions and articles: every headline first seen more than H
 * hours after its article was published (its declared date, or its first sighting if earlier),
 * newest first, with the headline before it — on generated history, and after the writes that
 * move the answer later (a declared date found by reading the page, a new headline).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadLateRewrites } from "../../../db/queries/alerts";
import { makePolicies } from "../../../lib/policy";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";

const END = Date.parse("2026-11-20T12:00:00Z");
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "3", "--days", "3", "--seed", "reescrituras", "--end", new Date(END).toISOString()], END),
  );
}, 300_000);
afterAll(async () => {
  await database?.close();
});

/** From the rows: each later headline seen more than `hours` after its article's publication, newest first. */
async function lateByRows(hours: number, now: number): Promise<{ key: string; before: string | null; hoursAfter: number }[]> {
  const rows = await database.db.execute<{
    article_id: string;
    first_seen_at: Date | string;
    published: Date | string;
    before: string;
  }>(sql`
    select hv.article_id::text, hv.first_seen_at, p.published,
      (select b.text from headline_versions b where b.article_id = hv.article_id and b.first_seen_at < hv.first_seen_at
       order by b.first_seen_at desc, b.id desc limit 1) as before
    from headline_versions hv join articles a on a.id = hv.article_id
    cross join lateral (select least(coalesce(a.published_at, a.first_seen_at), a.first_seen_at) as published) p
    where hv.first_seen_at >= ${new Date(now - 14 * 86_400_000).toISOString()}::timestamptz
      and hv.first_seen_at <= ${new Date(now).toISOString()}::timestamptz
      and hv.first_seen_at > p.published + ${hours} * interval '1 hour'
      and exists (select 1 from headline_versions b where b.article_id = hv.article_id and b.first_seen_at < hv.first_seen_at)
    order by hv.first_seen_at desc, hv.id desc limit 50`);
  return rows.map((r) => {
    const at = new Date(r.first_seen_at).getTime();
    return { key: `titular/${r.article_id}/${at}`, before: r.before, hoursAfter: (at - new Date(r.published).getTime()) / 3_600_000 };
  });
}

async function expectSameEntries(): Promise<number> {
  let seen = 0;
  for (const hours of [1, 6, 24])
    for (const now of [END, END - 86_400_000]) {
      const entries = await loadLateRewrites(database.db, makePolicies([], []), { outlets: [], hours, now });
      expect(
        entries.map((e) => ({ key: e.key, before: e.before, hoursAfter: e.hoursAfter })),
        `${hours} h at ${now}`,
      ).toEqual(await lateByRows(hours, now));
      seen += entries.length;
    }
  return seen;
}

describe("the late-rewrite alert", () => {
  it("WEB-6: lists what the headline versions and articles say, on generated history", async () => {
    expect(await expectSameEntries()).toBeGreaterThan(0);
  });

  it("WEB-6: follows an article's declared date found later and a headline added later", async () => {
    const db = database.db;
    // Reading their pages finds that some articles were published a day before we first saw them.
    await db.execute(sql`update articles set published_at = first_seen_at - interval '1 day'
      where id in (select article_id from headline_versions group by article_id having count(*) > 1 order by article_id limit 20)`);
    const [article] = await db.execute<{ id: string }>(sql`select id::text from articles order by first_seen_at desc limit 1`);
    await db.execute(sql`insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
      values (${article!.id}, 'Un titular cambiado tarde', 'hash-tarde', ${new Date(END - 60_000).toISOString()}::timestamptz,
        ${new Date(END - 60_000).toISOString()}::timestamptz, '{frontpage}')`);
    expect(await expectSameEntries()).toBeGreaterThan(0);
  });
});
