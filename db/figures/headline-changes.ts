/**
 * Headline tests and rewrites per outlet (SPEC DER-6): the versions of the outlet's
 * articles first seen in a period, classified by lib/analysis/ab-tests.ts. Only articles
 * with two or more versions are read: versioned_articles (kept by triggers on the versions, by
 * outlet and first sighting), then headline_versions by article.
 */
// Shared with the worker (its status chore: crawler/derive/outlet-status.ts), so not marked server-only.
import { sql } from "drizzle-orm";
import { countHeadlineChanges, type SeenVersion } from "../../lib/analysis/ab-tests";
import type { Executor } from "../client";
import { epochMs, idList } from "./sql-values";

/** Counts of one outlet over the period. */
export interface HeadlineTestCounts {
  /** Articles first seen in the period whose headline changed at least once. */
  changedArticles: number;
  /** Versions that replaced the previous one for good. */
  rewrites: number;
  /** A/B tests: groups of versions that alternated. */
  tests: number;
  /** Articles with at least one test. */
  testedArticles: number;
}

/** No change seen. */
export const NO_HEADLINE_CHANGES: HeadlineTestCounts = Object.freeze({ changedArticles: 0, rewrites: 0, tests: 0, testedArticles: 0 });

type Row = {
  outlet_id: number;
  article_id: string | number;
  text_hash: string;
  first_seen_ms: number;
  last_seen_ms: number;
  seen_in: string[] | string;
};

const channels = (v: string[] | string) => (Array.isArray(v) ? v : String(v).replace(/[{}]/g, "").split(",").filter(Boolean));

/** DER-6: tests and rewrites per outlet, for articles first seen in [from, to]; outlets with no change are absent. */
export async function loadHeadlineTestCounts(
  db: Executor,
  p: { outletIds: readonly number[]; from: number; to: number },
): Promise<Map<number, HeadlineTestCounts>> {
  const out = new Map<number, HeadlineTestCounts>();
  if (p.outletIds.length === 0) return out;
  const rows = await db.execute<Row>(sql`
    select a.outlet_id, hv.article_id, hv.text_hash, ${epochMs(sql`hv.first_seen_at`)} as first_seen_ms,
      ${epochMs(sql`hv.last_seen_at`)} as last_seen_ms, hv.seen_in::text[] as seen_in
    from versioned_articles a join headline_versions hv on hv.article_id = a.article_id
    where a.outlet_id in ${idList(p.outletIds)}
      and a.article_seen_at >= ${new Date(p.from).toISOString()}::timestamptz and a.article_seen_at <= ${new Date(p.to).toISOString()}::timestamptz`);
  const articles = new Map<string, { outletId: number; versions: SeenVersion[] }>();
  for (const r of rows) {
    const key = String(r.article_id);
    const article = articles.get(key) ?? { outletId: r.outlet_id, versions: [] };
    article.versions.push({
      textHash: r.text_hash,
      firstSeenAt: r.first_seen_ms,
      lastSeenAt: r.last_seen_ms,
      seenIn: channels(r.seen_in),
    });
    articles.set(key, article);
  }
  for (const { outletId, versions } of articles.values()) {
    const kinds = countHeadlineChanges(versions);
    const c = out.get(outletId) ?? { ...NO_HEADLINE_CHANGES };
    out.set(outletId, {
      changedArticles: c.changedArticles + 1,
      rewrites: c.rewrites + kinds.rewrites,
      tests: c.tests + kinds.tests,
      testedArticles: c.testedArticles + (kinds.tests > 0 ? 1 : 0),
    });
  }
  return out;
}
