/**
 * What one article read writes (SPEC SCH-3, EXT-4, SIG-1…3, DER-3): the read counted against
 * the site's daily budget, the page's metadata and outcome, the publisher's signals seen on
 * it, and the numeric summary of an open body. The body itself never arrives here (STO-2).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import type { SignalVerdict } from "../politeness/signals";
import { textArray } from "./articles";

/**
 * SCH-3: one read counted against the site's budget for today (UTC), atomically across
 * workers; false when the budget is spent.
 */
export async function countRead(db: Executor, p: { domain: string; now: number; budget: number }): Promise<boolean> {
  const counted = await db.execute(sql`
    insert into sites (domain, reads_day, reads_count) values (${p.domain}, (${sqlTime(p.now)}::timestamptz at time zone 'UTC')::date, 1)
    on conflict (domain) do update set
      reads_count = case when sites.reads_day = excluded.reads_day then sites.reads_count + 1 else 1 end,
      reads_day = excluded.reads_day
    where sites.reads_day is distinct from excluded.reads_day or sites.reads_count < ${p.budget}
    returning domain`);
  return counted.length > 0;
}

/** A read that ended without a page to record (blocked, gone, refused by robots.txt): not retried. */
export async function recordReadOutcome(db: Executor, p: { articleId: number; at: number; outcome: string }): Promise<void> {
  await db.execute(sql`update articles set read_at = ${sqlTime(p.at)}, read_outcome = ${p.outcome} where id = ${p.articleId}`);
}

/** The facts an article page declared; a fact already known is kept (first value wins), but for the modification date. */
export interface ArticleFacts {
  articleId: number;
  at: number;
  outcome: string;
  agency?: string;
  publishedAt?: Date;
  modifiedAt?: Date;
  section?: string;
  authors: readonly string[];
  isFree?: boolean;
  tdmReserved: boolean;
}

/** EXT-4: the page's metadata and the read's outcome. */
export async function recordArticleFacts(db: Executor, f: ArticleFacts): Promise<void> {
  await db.execute(sql`
    update articles set
      agency = coalesce(agency, ${f.agency ?? null}::text),
      published_at = coalesce(published_at, ${f.publishedAt ? sqlTime(f.publishedAt.getTime()) : null}::timestamptz),
      modified_at = coalesce(${f.modifiedAt ? sqlTime(f.modifiedAt.getTime()) : null}::timestamptz, modified_at),
      section = coalesce(section, ${f.section ?? null}),
      authors = case when cardinality(authors) = 0 then ${textArray(f.authors)}::text[] else authors end,
      is_free = ${f.isFree ?? null}, tdm_reserved = ${f.tdmReserved},
      read_at = ${sqlTime(f.at)}, read_outcome = ${f.outcome}
    where id = ${f.articleId}`);
}

/** SIG-1…3: the signals a page carried, kept per outlet for transparency (first and last seen). */
export async function recordSignals(
  db: Executor,
  p: { outletId: number; verdict: SignalVerdict; paywalled: boolean; at: number },
): Promise<void> {
  const { verdict } = p;
  const found: [string, string, string][] = [];
  if (verdict.tdm.reservation !== undefined)
    found.push(["tdm-reservation", verdict.tdm.source ?? "unknown", String(verdict.tdm.reservation)]);
  if (verdict.tdm.policy) found.push(["tdm-policy", verdict.tdm.source ?? "unknown", verdict.tdm.policy]);
  for (const directive of verdict.robotsDirectives) found.push(["robots-directive", "page", directive]);
  if (verdict.contentUsage) found.push(["content-usage", "header", verdict.contentUsage]);
  if (p.paywalled) found.push(["paywall", "page", "isAccessibleForFree=false"]);
  for (const [kind, scope, value] of found) {
    await db.execute(sql`
      insert into signals (outlet_id, kind, scope, value, first_seen_at, last_seen_at)
      values (${p.outletId}, ${kind}, ${scope}, ${value.slice(0, 300)}, ${sqlTime(p.at)}, ${sqlTime(p.at)})
      on conflict (outlet_id, kind, scope, value) do update set last_seen_at = excluded.last_seen_at`);
  }
}

/** STO-2, DER-3: the numeric summary is all that is kept of an open body. */
export async function recordBodySummary(
  db: Executor,
  p: { articleId: number; simhash: bigint; shingles: number; agencyCredit?: string; at: number },
): Promise<void> {
  await db.execute(sql`
    insert into body_summaries (article_id, simhash, shingle_count, agency_credit, computed_at)
    values (${p.articleId}, ${p.simhash.toString()}::bigint, ${Math.min(p.shingles, 32_767)}, ${p.agencyCredit ?? null}, ${sqlTime(p.at)})
    on conflict (article_id) do nothing`);
}
