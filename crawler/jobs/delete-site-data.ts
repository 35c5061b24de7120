/**
 * STO-4: the data of an outlet goes when it asks for a total exclusion (PUB-1) or when its
 * robots.txt shuts our token out by name — well within the 72 hours the SPEC allows: the
 * worker looks every few minutes of clock time and deletes at once. Deleted: articles and
 * everything hanging from them (headline versions, rank spans, fingerprints, body
 * summaries), front-page captures, probes and signals, and the derived rows keyed by the
 * hashes of its headlines. Kept: the decision (exclusions, data_deletions, the robots.txt
 * version that blocked us), the request log (fetch_log) and the copies of its legal notice
 * (LEG-1, the terms we collected under). A later sweep removes anything a job in flight
 * recorded after the first one.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { parseRobots } from "../politeness/robots";

/** Why an outlet's data must go. */
export interface DeletionTrigger {
  outletId: number;
  reason: "exclusion" | "robots-block";
  exclusionId?: number;
  robotsVersionId?: number;
  triggeredAt: number;
}

/** Articles deleted per statement: bounded so no statement holds locks for long. */
const BATCH = 2_000;
/** Clock time between two looks for triggers. */
export const DELETION_CHECK_EVERY_MS = 5 * 60_000;

/**
 * A robots.txt blocks us by name when a group names our product token and that group
 * does not allow the outlet's front page. A block of every crawler (`*`) is obeyed like
 * any robots.txt but is not addressed to us, so it deletes nothing.
 */
export function blocksByName(robotsTxt: string, homepage: string, productToken: string): boolean {
  const robots = parseRobots(robotsTxt);
  return robots.namesAgent(productToken) && !robots.isAllowed(homepage, productToken);
}

/** Total exclusions in force, matched to outlets like the policy module does (db/queries/policy.ts). */
async function exclusionTriggers(db: Db, now: number): Promise<DeletionTrigger[]> {
  const rows = await db.execute<{ outlet_id: number; exclusion_id: number; applied_at: string | Date }>(sql`
    select distinct o.id as outlet_id, e.id as exclusion_id, e.applied_at
    from exclusions e
    join outlets o on o.id = e.outlet_id
      or (e.outlet_id is null and exists (
        select 1 from sources s where s.outlet_id = o.id and s.kind = 'frontpage' and s.site_domain = e.domain))
    where e.scope = 'total' and e.applied_at is not null and e.applied_at <= ${sqlTime(now)} and e.withdrawn_at is null`);
  return rows.map((r) => ({ outletId: r.outlet_id, reason: "exclusion", exclusionId: r.exclusion_id, triggeredAt: fromSqlTime(r.applied_at)! }));
}

/** Outlets whose front page's robots.txt, as last read, blocks us by name. */
async function robotsTriggers(db: Db, productToken: string): Promise<DeletionTrigger[]> {
  const rows = await db.execute<{ outlet_id: number; homepage: string; host: string; version_id: number; robots_txt: string; first_fetched_at: string | Date }>(sql`
    select s.outlet_id, s.url as homepage, h.host, v.id as version_id, v.robots_txt, v.first_fetched_at
    from sources s
    join hosts h on h.site_domain = s.site_domain and h.robots_access = 'parse'
    join robots_versions v on v.id = h.robots_version_id
    where s.kind = 'frontpage'`);
  const out: DeletionTrigger[] = [];
  for (const r of rows) {
    const origin = URL.canParse(r.homepage) ? new URL(r.homepage).origin : undefined;
    if (origin !== r.host || !blocksByName(r.robots_txt, r.homepage, productToken)) continue;
    out.push({ outletId: r.outlet_id, reason: "robots-block", robotsVersionId: r.version_id, triggeredAt: fromSqlTime(r.first_fetched_at)! });
  }
  return out;
}

/** Counts of deleted rows per table. */
type Counts = Record<string, number>;

function add(counts: Counts, table: string, n: number): void {
  if (n > 0) counts[table] = (counts[table] ?? 0) + n;
}

/** Delete one batch of the outlet's articles and what hangs from them; returns the articles deleted. */
async function deleteArticleBatch(db: Db, outletId: number, counts: Counts, stories: Set<number>, hashes: Set<string>): Promise<number> {
  return db.transaction(async (tx) => {
    const batch = await tx.execute<{ id: number; story_id: number | null }>(sql`
      select id, story_id from articles where outlet_id = ${outletId} order by id limit ${BATCH} for update skip locked`);
    if (batch.length === 0) return 0;
    const ids = sql`${`{${batch.map((a) => a.id).join(",")}}`}::bigint[]`;
    for (const a of batch) if (a.story_id !== null) stories.add(Number(a.story_id));
    const versions = await tx.execute<{ text_hash: string }>(sql`delete from headline_versions where article_id = any(${ids}) returning text_hash`);
    for (const v of versions) hashes.add(v.text_hash);
    add(counts, "headline_versions", versions.length);
    for (const table of ["rank_spans", "story_fingerprints", "body_summaries"] as const) {
      const gone = await tx.execute(sql`delete from ${sql.identifier(table)} where article_id = any(${ids})`);
      add(counts, table, gone.count ?? 0);
    }
    const articles = await tx.execute(sql`delete from articles where id = any(${ids})`);
    add(counts, "articles", articles.count ?? 0);
    return batch.length;
  });
}

/** Everything of the outlet that STO-4 deletes; returns the counts. */
async function deleteOutletData(db: Db, outletId: number, signal: AbortSignal): Promise<Counts> {
  const counts: Counts = {};
  const stories = new Set<number>();
  const hashes = new Set<string>();
  while (!signal.aborted && (await deleteArticleBatch(db, outletId, counts, stories, hashes)) > 0);
  for (const table of ["frontpage_captures", "probes", "signals"] as const) {
    const gone = await db.execute(sql`delete from ${sql.identifier(table)} where outlet_id = ${outletId}`);
    add(counts, table, gone.count ?? 0);
  }
  if (stories.size > 0) {
    const ids = sql`${`{${[...stories].join(",")}}`}::bigint[]`;
    await db.execute(sql`
      update stories s set outlet_count = greatest(1, (select count(distinct a.outlet_id) from articles a where a.story_id = s.id))
      where s.id = any(${ids})`);
    const gone = await db.execute(sql`delete from stories s where s.id = any(${ids}) and not exists (select 1 from articles a where a.story_id = s.id)`);
    add(counts, "stories", gone.count ?? 0);
  }
  if (hashes.size > 0) {
    // Headline features and framing are keyed by hash, shared by every article with that exact headline.
    const list = sql`${`{${[...hashes].map((h) => `"${h}"`).join(",")}}`}::text[]`;
    for (const table of ["headline_features", "framing"] as const) {
      const gone = await db.execute(sql`
        delete from ${sql.identifier(table)} d where d.text_hash = any(${list})
          and not exists (select 1 from headline_versions v where v.text_hash = d.text_hash)`);
      add(counts, table, gone.count ?? 0);
    }
  }
  return counts;
}

/** True when the outlet still has rows STO-4 deletes. */
async function hasData(db: Db, outletId: number): Promise<boolean> {
  const [row] = await db.execute<{ any: boolean }>(sql`
    select exists (select 1 from articles where outlet_id = ${outletId})
      or exists (select 1 from frontpage_captures where outlet_id = ${outletId})
      or exists (select 1 from probes where outlet_id = ${outletId})
      or exists (select 1 from signals where outlet_id = ${outletId}) as any`);
  return Boolean(row?.any);
}

/** The deleter the worker's housekeeping runs; `deleteDue` returns how many outlets it swept. */
export function createSiteDataDeleter(o: { db: Db; now: () => number; productToken: string }) {
  let nextLookAt = Number.NEGATIVE_INFINITY;
  return {
    async deleteDue(signal: AbortSignal): Promise<number> {
      const now = o.now();
      if (now < nextLookAt) return 0;
      nextLookAt = now + DELETION_CHECK_EVERY_MS;
      const triggers = [...(await exclusionTriggers(o.db, now)), ...(await robotsTriggers(o.db, o.productToken))];
      let swept = 0;
      for (const t of triggers) {
        if (signal.aborted) break;
        // The decision is recorded first, so the register can show it even when nothing was stored.
        await o.db.execute(sql`
          insert into data_deletions (outlet_id, reason, exclusion_id, robots_version_id, triggered_at, first_deleted_at, last_deleted_at)
          values (${t.outletId}, ${t.reason}, ${t.exclusionId ?? null}, ${t.robotsVersionId ?? null}, ${sqlTime(t.triggeredAt)}, ${sqlTime(now)}, ${sqlTime(now)})
          on conflict do nothing`);
        if (!(await hasData(o.db, t.outletId))) continue;
        const counts = await deleteOutletData(o.db, t.outletId, signal);
        await o.db.execute(sql`
          update data_deletions d set last_deleted_at = ${sqlTime(o.now())}, articles_deleted = articles_deleted + ${counts.articles ?? 0},
            rows_deleted = d.rows_deleted || coalesce((
              select jsonb_object_agg(key, coalesce((d.rows_deleted ->> key)::bigint, 0) + value::bigint)
              from jsonb_each_text(${JSON.stringify(counts)}::jsonb)), '{}'::jsonb)
          where outlet_id = ${t.outletId} and reason = ${t.reason}
            and coalesce(exclusion_id, 0) = ${t.exclusionId ?? 0} and coalesce(robots_version_id, 0) = ${t.robotsVersionId ?? 0}`);
        swept++;
      }
      return swept;
    },
  };
}
