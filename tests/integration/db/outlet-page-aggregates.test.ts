/**
 * The outlet page's sections read from per-day aggregates (SPEC OPS-8) show the figures they showed
 * when read from rows: silences (DER-11: followed outlets, carriers, best ranks), headline changes
 * (WEB-1), agency share (DER-3) and section mix (WEB-1), on generated history, after the writes the
 * worker makes later (agency verdicts, reads, sections declared, retitles, a headline seen earlier, a
 * deleted article), over periods with whole days, partial days and instants at peninsular midnight.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadAgencyShare } from "../../../db/queries/outlet-page/agency-share";
import { loadHeadlineChanges } from "../../../db/queries/outlet-page/headlines";
import { loadSectionMix } from "../../../db/queries/outlet-page/mix";
import { loadOutletSilences } from "../../../db/figures/outlet-page/silences";
import type { Policies } from "../../../lib/policy";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { DAY, END, PERIODS } from "./outlet-page-by-rows/periods";
import { loadAgencyShare as agencyByRows } from "./outlet-page-by-rows/agency-share";
import { loadHeadlineChanges as changesByRows } from "./outlet-page-by-rows/headlines";
import { loadSectionMix as sectionsByRows } from "./outlet-page-by-rows/section-mix";
import { loadOutletSilences as silencesByRows } from "./outlet-page-by-rows/silences";

let database: Database;
let outletIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "8", "--days", "6", "--seed", "agregados", "--end", new Date(END).toISOString()], END),
  );
  outletIds = (await database.db.execute<{ id: number }>(sql`select id from outlets order by id`)).map((r) => r.id);
}, 300_000);
afterAll(async () => {
  await database?.close();
});

/** Compares every outlet and period; returns what was compared, so that a test can say it was not empty. */
async function expectSameFigures(
  policies: Policies,
): Promise<{ silences: number; ranked: number; changes: number; agency: number; sections: number }> {
  const db = database.db;
  const seen = { silences: 0, ranked: 0, changes: 0, agency: 0, sections: 0 };
  for (const id of outletIds) {
    const policy = policies.forOutlet(id);
    for (const period of PERIODS) {
      const at = `outlet ${id}, ${new Date(period.start).toISOString()} – ${new Date(period.end).toISOString()}`;
      expect(await loadAgencyShare(db, id, period), `agency share, ${at}`).toEqual(await agencyByRows(db, id, period));
      const sections = await loadSectionMix(db, id, period);
      expect(sections, `section mix, ${at}`).toEqual(await sectionsByRows(db, id, period));
      seen.sections += sections.sections.length;
      // The page lists fewer of the latest changes than it did (HTML ≤ 150 KiB): the newest of the same list.
      const changes = await loadHeadlineChanges(db, id, policy, period);
      const byRows = await changesByRows(db, id, policy, period);
      expect(changes, `headline changes, ${at}`).toEqual({ ...byRows, latest: byRows.latest.slice(0, changes.latest.length) });
      expect(changes.latest.length, `latest changes, ${at}`).toBe(Math.min(5, byRows.latest.length));
      const days = Math.min(31, (period.end - period.start) / DAY);
      const silences = await loadOutletSilences(db, policies, { outletId: id, now: period.end, days });
      expect(silences, `silences, ${at}`).toEqual(await silencesByRows(db, policies, { outletId: id, now: period.end, days }));
      const agency = await loadAgencyShare(db, id, period);
      seen.silences += silences.silences.length;
      seen.ranked += silences.silences.filter((s) => s.bestRank !== null).length;
      seen.changes += (await loadHeadlineChanges(db, id, policy, period)).changes;
      seen.agency += agency.agencyArticles;
    }
  }
  return seen;
}

describe("the outlet page's aggregates", () => {
  it("DER-11, DER-3, WEB-1: on generated history, silences, headline changes, agency share and section mix equal the figures read from rows", async () => {
    const policies = await loadPolicies(database.db);
    const [silences] = await Promise.all([loadOutletSilences(database.db, policies, { outletId: outletIds[0]!, now: END })]);
    // The comparison means something only if the history has stories to judge, changes and agency copy.
    expect(silences!.followed).toBeGreaterThanOrEqual(6);
    const [facts] = await database.db.execute<{ changes: number; agency: number; hours: number }>(sql`
      select (select count(*) from headline_changes)::int as changes, (select count(*) from articles where agency is not null)::int as agency,
        (select count(*) from outlet_capture_hours)::int as hours`);
    expect(facts!.changes).toBeGreaterThan(0);
    expect(facts!.agency).toBeGreaterThan(0);
    expect(facts!.hours).toBeGreaterThan(0);
    const seen = await expectSameFigures(policies);
    expect(seen.silences).toBeGreaterThan(0);
    expect(seen.ranked).toBeGreaterThan(0);
    expect(seen.changes).toBeGreaterThan(0);
    expect(seen.agency).toBeGreaterThan(0);
    expect(seen.sections).toBeGreaterThan(0);
  }, 300_000);

  it("DER-3, WEB-1: the aggregates follow later verdicts, reads, sections, retitles, earlier sightings of headlines and articles, and deletions", async () => {
    const db = database.db;
    // Pages read later declare a section (some padded with spaces, some blank), or turn out to declare none.
    await db.execute(sql`
      update articles set read_at = first_seen_at + interval '1 hour',
        section = case id % 4 when 0 then ' Economía ' when 1 then '' when 2 then 'Opinión' else null end
      where id in (select id from articles where read_at is null order by id limit 60)`);
    // A section withdrawn, then the body to be read again: each change moves the counts on its own.
    const again = sql`select id from articles where read_at is not null order by id desc limit 10`;
    await db.execute(sql`update articles set section = null where id in (${again})`);
    await db.execute(sql`update articles set read_at = null where id in (${again})`);
    // Agency verdicts and reads arrive after the article (the wire-copy step, the reader).
    await db.execute(sql`
      update articles set agency = 'EFE', read_outcome = 'open'
      where id in (select id from articles where agency is null order by id limit 40)`);
    await db.execute(
      sql`update articles set agency = null where id in (select id from articles where agency is not null order by id desc limit 15)`,
    );
    // A retitle of some articles, and a version seen earlier than the article's first one (a feed read late).
    await db.execute(sql`
      insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
      select id, 'Titular nuevo ' || id, md5('nuevo' || id), first_seen_at + interval '3 hours', first_seen_at + interval '4 hours', '{feed}'
      from articles order by id desc limit 30`);
    await db.execute(sql`
      update headline_versions set first_seen_at = first_seen_at - interval '2 days'
      where id in (select max(id) from headline_versions group by article_id having count(*) > 1 limit 10)`);
    // An article's first sighting moved earlier (a restore, a fix): the changes the page follows move with it.
    await db.execute(sql`
      update articles set first_seen_at = first_seen_at - interval '10 days'
      where id in (select article_id from headline_changes order by version_id desc limit 6)`);
    // A deleted article (retention, an exclusion) and a failed capture turned into a successful one.
    await db.execute(sql`delete from articles where id in (select article_id from headline_changes order by version_id limit 5)`);
    await db.execute(
      sql`delete from frontpage_captures where id in (select id from frontpage_captures where outcome = 'ok' order by at desc limit 20)`,
    );
    await expectSameFigures(await loadPolicies(db));
    // The section counts equal the articles' recount, unread articles with a section included.
    const counted = sql`select outlet_id, day::text, section, unread, articles from outlet_day_sections where articles <> 0 order by 1, 2, 3, 4`;
    const recount = sql`
      select outlet_id, (first_seen_at at time zone 'Europe/Madrid')::date::text as day, coalesce(trim(section), '') as section,
        read_at is null as unread, count(*)::int as articles
      from articles group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
    const recounted = await db.execute(recount);
    expect(recounted.filter((r) => r.unread && r.section === "").length, "unread articles with no section yet").toBeGreaterThan(0);
    expect(await db.execute(counted)).toEqual(recounted);
  }, 300_000);
});
