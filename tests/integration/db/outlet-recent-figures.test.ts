/**
 * The outlet page's recent figures as the worker stores them (db/figures/outlet-recent-figures.ts):
 * the default view reads from them the very sections it ranked from the captures, and the headline
 * features and framing letters it counted, on every render (SPEC WEB-1, DER-1, DER-4, DER-7, DER-10),
 * with headlines under the policy in force when it is served; and it
 * computes them itself when the stored copy is stale or was computed under other requests of the
 * outlet. On a generated week of eight outlets (enough followed outlets to judge silences), its headlines
 * analysed by the worker's analyser.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHeadlineAnalyser } from "../../../crawler/derive/analyse-headlines";
import { createRecentFiguresKeeper } from "../../../crawler/derive/outlet-recent-figures";
import type { Database } from "../../../db/client";
import { storeAnalysisDays } from "../../../db/figures/analysis-days";
import {
  RECENT_FIGURES_MAX_AGE_MS,
  RECENT_FIGURES_REFRESH_MS,
  loadStoredRecentFigures,
  refreshFrontPagesNow,
  refreshOutletRecentFigures,
} from "../../../db/figures/outlet-recent-figures";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadOutletPage, type OutletPage } from "../../../db/queries/outlet-page/outlet-page";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { addExclusion, HOUR, MINUTE } from "../../support/page-fixtures";

const END = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let slugs: string[];
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  const options = parseSeedOptions(
    ["--outlets", "8", "--days", "8", "--seed", "portadas", "--end", new Date(END).toISOString()],
    Date.now(),
  );
  await seedHistory(database.sql, options);
  const { db } = database;
  const analyser = createHeadlineAnalyser({ db, now: () => END, policies: () => loadPolicies(db), roundMs: 60_000 });
  while ((await analyser.analyse(new AbortController().signal)) > 0);
  while ((await storeAnalysisDays(db)) > 0);
  const rows = await database.db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets order by id`);
  ids = rows.map((r) => r.id);
  slugs = rows.map((r) => r.slug);
}, 300_000);

afterAll(async () => {
  await database?.close();
});

async function page(slug: string, now: number): Promise<OutletPage> {
  const { db } = database;
  return (await loadOutletPage(db, await loadPolicies(db), { slug, now }))!;
}

/** The sections the stored figures stand in for. */
const frontSections = (p: OutletPage) => ({
  frontPage: p.frontPage,
  frontPageTime: p.frontPageTime,
  timelines: p.timelines,
  agencyFront: p.agencyFront,
  silences: p.silences,
  features: p.features,
  framing: p.framing,
});

async function storedCount(): Promise<number> {
  const [row] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from outlet_recent_figures`);
  return row!.n;
}

describe("the outlet page's stored front-page figures (WEB-1, DER-7, DER-10)", () => {
  it("reads from them the very sections it ranks from the captures, for every outlet", async () => {
    const { db } = database;
    await db.execute(sql`delete from outlet_recent_figures`);
    const ranked = await Promise.all(slugs.map((s) => page(s, END)));
    expect(ranked.every((p) => p.frontPageTime!.articles > 0 && p.timelines!.series.length > 0)).toBe(true);
    // Silences judged and listed, some with their labels: the stored path reads them too.
    expect(ranked.some((p) => p.silences.silences.some((s) => s.label !== undefined))).toBe(true);
    // Headlines analysed: features and framing letters counted, so the stored path has something to stand in for.
    expect(ranked.every((p) => p.features.headlines > 0 && p.features.questions + p.features.numbers > 0)).toBe(true);
    expect(ranked.every((p) => p.framing.shown && p.framing.headlines > 0)).toBe(true);
    expect(await refreshOutletRecentFigures(db, await loadPolicies(db), END)).toBe(8);
    for (const [i, slug] of slugs.entries()) {
      const stored = await loadStoredRecentFigures(db, await loadPolicies(db), ids[i]!, END);
      expect(stored).toBeDefined();
      expect(frontSections(await page(slug, END))).toEqual(frontSections(ranked[i]!));
    }
  });

  it("is what the page shows: a stored figure changed shows on the page", async () => {
    const { db } = database;
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    await db.execute(
      sql`update outlet_recent_figures set front_time = jsonb_set(front_time, '{articles}', '4321') where outlet_id = ${ids[0]!}`,
    );
    expect((await page(slugs[0]!, END)).frontPageTime!.articles).toBe(4321);
    // Ten minutes on, still within their age: the figures as of the refresh, their windows saying so.
    const later = await page(slugs[0]!, END + 10 * MINUTE);
    expect(later.frontPageTime!.articles).toBe(4321);
    expect(later.frontPageTime!.end).toBe(END);
  });

  it("reads the headline features and framing letters from them, or counts them itself in a row stored without them (DER-1, DER-4)", async () => {
    const { db } = database;
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    await db.execute(sql`
      update outlet_recent_figures set headline_analysis = jsonb_set(jsonb_set(headline_analysis, '{features,questions}', '4321'),
        '{framing,headlines}', '8765') where outlet_id = ${ids[0]!}`);
    const later = await page(slugs[0]!, END + 10 * MINUTE);
    expect(later.features.questions).toBe(4321);
    expect(later.framing.shown && later.framing.headlines).toBe(8765);
    // Counted over the window it was stored for, and saying so.
    expect([later.features.start, later.features.end]).toEqual([END - 7 * 24 * HOUR, END]);
    await db.execute(sql`update outlet_recent_figures set headline_analysis = null where outlet_id = ${ids[0]!}`);
    const counted = await page(slugs[0]!, END + 10 * MINUTE);
    expect(counted.features.questions).not.toBe(4321);
    expect(counted.features.end).toBe(END + 10 * MINUTE);
    expect(counted.frontPageTime!.end).toBe(END);
  });

  it("ranks the captures itself once the stored copy is older than its age, or newer than now", async () => {
    const { db } = database;
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    await db.execute(sql`update outlet_recent_figures set front_time = jsonb_set(front_time, '{articles}', '4321')`);
    const stale = END + RECENT_FIGURES_MAX_AGE_MS + MINUTE;
    const policies = await loadPolicies(db);
    expect(await loadStoredRecentFigures(db, policies, ids[0]!, stale)).toBeUndefined();
    expect((await page(slugs[0]!, stale)).frontPageTime!.articles).not.toBe(4321);
    expect(await loadStoredRecentFigures(db, policies, ids[0]!, END - MINUTE)).toBeUndefined();
    expect((await page(slugs[0]!, END - MINUTE)).frontPageTime!.end).toBe(END - MINUTE);
  });

  it("reads the stored front page now only while it is the latest capture, and replaces it after a new one", async () => {
    const { db } = database;
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    const policies = await loadPolicies(db);
    expect((await loadStoredRecentFigures(db, policies, ids[4]!, END))!.frontPageNow!.capturedAt).toBeLessThanOrEqual(END);
    // A newer capture of the same page: the stored front page is no longer the latest.
    const at = END + 2 * MINUTE;
    await db.execute(sql`
      insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode) values (${ids[4]!}, ${new Date(at).toISOString()}::timestamptz, 'ok', 0, 'static')`);
    expect((await loadStoredRecentFigures(db, policies, ids[4]!, END + 3 * MINUTE))!.frontPageNow).toBeUndefined();
    const ranked = await page(slugs[4]!, END + 3 * MINUTE);
    expect(ranked.frontPage!.capturedAt).toBe(at);
    expect(await refreshFrontPagesNow(db, policies)).toBe(1);
    expect(await refreshFrontPagesNow(db, policies)).toBe(0);
    const stored = await loadStoredRecentFigures(db, policies, ids[4]!, END + 3 * MINUTE);
    expect(stored!.frontPageNow!.capturedAt).toBe(at);
    expect((await page(slugs[4]!, END + 3 * MINUTE)).frontPage).toEqual(ranked.frontPage);
    await db.execute(sql`delete from frontpage_captures where outlet_id = ${ids[4]!} and at = ${new Date(at).toISOString()}::timestamptz`);
  });

  it("drops an article deleted since the figures were computed, and cites headlines under the policy in force (PUB-6)", async () => {
    const { db } = database;
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    const before = await page(slugs[1]!, END);
    const gone = before.frontPageTime!.longest[0]!.articleId;
    await addExclusion(db, ids[1]!, "sin-titulares-literales", END - HOUR);
    // The headline policy applies to the stored figures at once, as to the ranked ones.
    const quoted = await page(slugs[1]!, END);
    await db.execute(sql`delete from outlet_recent_figures`);
    expect(frontSections(quoted)).toEqual(frontSections(await page(slugs[1]!, END)));
    expect(quoted.frontPageTime!.longest.map((r) => r.headline)).not.toEqual(before.frontPageTime!.longest.map((r) => r.headline));
    await db.execute(sql`delete from exclusions where outlet_id = ${ids[1]!}`);
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    await db.execute(sql`delete from articles where id = ${gone}`);
    const after = await page(slugs[1]!, END);
    expect(after.frontPageTime!.longest.map((r) => r.articleId)).toEqual(before.frontPageTime!.longest.slice(1).map((r) => r.articleId));
    expect(after.timelines!.series.some((s) => s.articleId === gone)).toBe(false);
  });

  it("labels a silence from the article chosen when stored, and chooses again once its outlet may not be quoted (DER-5, PUB-1)", async () => {
    const { db } = database;
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    const [row] = await db.execute<{ outlet_id: number; story_id: string; article_id: string; label_outlet: number }>(sql`
      select f.outlet_id, x->>'storyId' as story_id, x->>'labelArticleId' as article_id, a.outlet_id as label_outlet
      from outlet_recent_figures f cross join lateral jsonb_array_elements(f.silences->'silences') x
      join articles a on a.id = (x->>'labelArticleId')::bigint
      order by f.outlet_id, (x->>'storyId')::bigint limit 1`);
    expect(row).toBeDefined();
    const slug = slugs[ids.indexOf(row!.outlet_id)]!;
    const shown = (await page(slug, END)).silences.silences.find((x) => x.storyId === Number(row!.story_id))!;
    const [first] = await db.execute<{ text: string }>(
      sql`select text from headline_versions where article_id = ${row!.article_id} order by first_seen_at, id limit 1`,
    );
    expect(shown.label!.headline).toBe(first!.text);
    await addExclusion(db, row!.label_outlet, "sin-titulares-literales", END - HOUR);
    const again = (await page(slug, END)).silences;
    expect(again.silences.find((x) => x.storyId === Number(row!.story_id))!.label?.headline).not.toBe(first!.text);
    await db.execute(sql`delete from outlet_recent_figures`);
    expect(again).toEqual((await page(slug, END)).silences);
    await db.execute(sql`delete from exclusions where outlet_id = ${row!.label_outlet}`);
  });

  it("keeps nothing of an outlet excluded in full, and no positions of one whose positions are withheld (PUB-6)", async () => {
    const { db } = database;
    await addExclusion(db, ids[0]!, "total", END - HOUR);
    await addExclusion(db, ids[2]!, "sin-posicion", END - HOUR);
    expect(await refreshOutletRecentFigures(db, await loadPolicies(db), END)).toBe(7);
    const kept = await db.execute<{ outlet_id: number; front: boolean }>(
      sql`select outlet_id, front_time is not null and timelines is not null and agency_front is not null as front
          from outlet_recent_figures order by outlet_id`,
    );
    expect(kept.map((r) => r.outlet_id)).toEqual(ids.slice(1));
    expect(kept.filter((r) => !r.front).map((r) => r.outlet_id)).toEqual([ids[2]!]);
    const withheld = await page(slugs[2]!, END);
    expect(withheld.frontPageTime).toBeNull();
    await db.execute(sql`delete from outlet_recent_figures`);
    expect(frontSections(withheld)).toEqual(frontSections(await page(slugs[2]!, END)));
    await db.execute(sql`delete from exclusions where outlet_id in (${ids[0]!}, ${ids[2]!})`);
  });

  it("are not read once the outlet's requests changed since they were computed (PUB-6)", async () => {
    const { db } = database;
    await refreshOutletRecentFigures(db, await loadPolicies(db), END);
    await db.execute(sql`update outlet_recent_figures set front_time = jsonb_set(front_time, '{articles}', '4321')`);
    await addExclusion(db, ids[3]!, "sin-anotacion-de-modelo", END - HOUR);
    expect(await loadStoredRecentFigures(db, await loadPolicies(db), ids[3]!, END)).toBeUndefined();
    const changed = await page(slugs[3]!, END);
    expect(changed.frontPageTime!.articles).not.toBe(4321);
    expect(changed.silences.grouped).toBe(false);
    expect(changed.framing.shown).toBe(false);
    await db.execute(sql`delete from exclusions where outlet_id = ${ids[3]!}`);
    expect((await page(slugs[3]!, END)).frontPageTime!.articles).toBe(4321);
  });

  it("the worker's chore refreshes them once they are RECENT_FIGURES_REFRESH_MS old", async () => {
    const { db } = database;
    await db.execute(sql`delete from outlet_recent_figures`);
    let now = END - 30 * MINUTE;
    const chore = createRecentFiguresKeeper({ db, now: () => now });
    await chore();
    expect(await storedCount()).toBe(8);
    const at = async () => (await db.execute<{ at: string }>(sql`select max(computed_at)::text as at from outlet_recent_figures`))[0]!.at;
    const first = await at();
    now += RECENT_FIGURES_REFRESH_MS - MINUTE;
    await chore();
    expect(await at()).toBe(first);
    now += MINUTE;
    await chore();
    expect(await at()).not.toBe(first);
  });
});
