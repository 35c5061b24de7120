/**
 * STO-4: the writes of a data deletion — the decision recorded first (so the register shows
 * it even when nothing was stored), then the outlet's rows in bounded batches, then the
 * counts. What is deleted and what is kept is described in crawler/jobs/delete-site-data.ts.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outletOfExclusion } from "../../db/policies-in-force";
import { fromSqlTime, sqlTime } from "../../db/sql-time";

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
/** Total exclusions in force, matched to outlets like the policy module does (db/policies-in-force.ts `outletOfExclusion`). */
export async function exclusionTriggers(db: Db, now: number): Promise<DeletionTrigger[]> {
  const rows = await db.execute<{ outlet_id: number; exclusion_id: number; applied_at: string | Date }>(sql`
    select distinct o.id as outlet_id, e.id as exclusion_id, e.applied_at
    from exclusions e
    ${outletOfExclusion}
    where e.scope = 'total' and e.applied_at is not null and e.applied_at <= ${sqlTime(now)} and e.withdrawn_at is null`);
  return rows.map((r) => ({
    outletId: r.outlet_id,
    reason: "exclusion",
    exclusionId: r.exclusion_id,
    triggeredAt: fromSqlTime(r.applied_at)!,
  }));
}

/** A front page's robots.txt as last read (parsed), for the robots-block trigger. */
export async function frontPageRobotsFiles(
  db: Db,
): Promise<
  { outlet_id: number; homepage: string; host: string; version_id: number; robots_txt: string; first_fetched_at: string | Date }[]
> {
  return db.execute(sql`
    select s.outlet_id, s.url as homepage, h.host, v.id as version_id, v.robots_txt, v.first_fetched_at
    from sources s
    join hosts h on h.site_domain = s.site_domain and h.robots_access = 'parse'
    join robots_versions v on v.id = h.robots_version_id
    where s.kind = 'frontpage'`);
}

/** Counts of deleted rows per table. */
export type Counts = Record<string, number>;

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
    const versions = await tx.execute<{ text_hash: string }>(
      sql`delete from headline_versions where article_id = any(${ids}) returning text_hash`,
    );
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
export async function deleteOutletData(db: Db, outletId: number, signal: AbortSignal): Promise<Counts> {
  const counts: Counts = {};
  const stories = new Set<number>();
  const hashes = new Set<string>();
  while (!signal.aborted && (await deleteArticleBatch(db, outletId, counts, stories, hashes)) > 0);
  for (const table of ["frontpage_captures", "probes", "signals", "outlet_recent_figures"] as const) {
    const gone = await db.execute(sql`delete from ${sql.identifier(table)} where outlet_id = ${outletId}`);
    add(counts, table, gone.count ?? 0);
  }
  if (stories.size > 0) {
    const ids = sql`${`{${[...stories].join(",")}}`}::bigint[]`;
    await db.execute(sql`
      update stories s set outlet_count = greatest(1, (select count(distinct a.outlet_id) from articles a where a.story_id = s.id))
      where s.id = any(${ids})`);
    const gone = await db.execute(
      sql`delete from stories s where s.id = any(${ids}) and not exists (select 1 from articles a where a.story_id = s.id)`,
    );
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
export async function outletHasData(db: Db, outletId: number): Promise<boolean> {
  const [row] = await db.execute<{ any: boolean }>(sql`
    select exists (select 1 from articles where outlet_id = ${outletId})
      or exists (select 1 from frontpage_captures where outlet_id = ${outletId})
      or exists (select 1 from probes where outlet_id = ${outletId})
      or exists (select 1 from signals where outlet_id = ${outletId}) as any`);
  return Boolean(row?.any);
}

/** The decision, recorded before any row goes (once per trigger). */
export async function recordDeletionDecision(db: Db, t: DeletionTrigger, now: number): Promise<void> {
  await db.execute(sql`
    insert into data_deletions (outlet_id, reason, exclusion_id, robots_version_id, triggered_at, first_deleted_at, last_deleted_at)
    values (${t.outletId}, ${t.reason}, ${t.exclusionId ?? null}, ${t.robotsVersionId ?? null}, ${sqlTime(t.triggeredAt)}, ${sqlTime(now)}, ${sqlTime(now)})
    on conflict do nothing`);
}

/** Adds a sweep's counts to its decision's row. */
export async function recordDeletedCounts(db: Db, t: DeletionTrigger, counts: Counts, at: number): Promise<void> {
  await db.execute(sql`
    update data_deletions d set last_deleted_at = ${sqlTime(at)}, articles_deleted = articles_deleted + ${counts.articles ?? 0},
      rows_deleted = d.rows_deleted || coalesce((
        select jsonb_object_agg(key, coalesce((d.rows_deleted ->> key)::bigint, 0) + value::bigint)
        from jsonb_each_text(${JSON.stringify(counts)}::jsonb)), '{}'::jsonb)
    where outlet_id = ${t.outletId} and reason = ${t.reason}
      and coalesce(exclusion_id, 0) = ${t.exclusionId ?? 0} and coalesce(robots_version_id, 0) = ${t.robotsVersionId ?? 0}`);
}
