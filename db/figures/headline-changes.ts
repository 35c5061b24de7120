/**
 * Headline tests and rewrites per outlet (SPEC DER-6): the versions of the outlet's
 * articles first seen in a period, classified by lib/analysis/ab-tests.ts. Only articles
 * with two or more versions count: versioned_articles (kept by triggers on the versions, by
 * outlet and first sighting), with each article's counts once the worker has stored them.
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

/** One version of an article whose counts are not stored (or, for the worker, of an article to count). */
type VersionRow = {
  outlet_id: number;
  article_id: string | number;
  text_hash: string;
  first_seen_ms: number;
  last_seen_ms: number;
  seen_in: string[] | string;
};

/** The columns `versionsByArticle` reads, from `headline_versions hv`. */
export const VERSION_COLUMNS = sql`hv.text_hash, ${epochMs(sql`hv.first_seen_at`)} as first_seen_ms,
  ${epochMs(sql`hv.last_seen_at`)} as last_seen_ms, hv.seen_in::text[] as seen_in`;

const channels = (v: string[] | string) => (Array.isArray(v) ? v : String(v).replace(/[{}]/g, "").split(",").filter(Boolean));

/** Version rows grouped by article (key: the article id as text). */
export function versionsByArticle(rows: readonly VersionRow[]): Map<string, { outletId: number; versions: SeenVersion[] }> {
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
  return articles;
}

/** A stored outlet total (`stored`) or one version of an article not counted yet (`version`). */
type Row = { kind: "stored"; articles: number; rewrites: number; tests: number; tested: number } | ({ kind: "version" } & VersionRow);

/**
 * DER-6: tests and rewrites per outlet, for articles first seen in [from, to]; outlets with no change are absent.
 * Articles the worker has counted (versioned_articles.tests and rewrites, cleared whenever a version changes) are
 * summed in SQL; the versions of the others (the last day's, and any seen again since) are read and counted here.
 * One statement, so an article counted while it runs is taken once, from one snapshot.
 */
export async function loadHeadlineTestCounts(
  db: Executor,
  p: { outletIds: readonly number[]; from: number; to: number },
): Promise<Map<number, HeadlineTestCounts>> {
  const out = new Map<number, HeadlineTestCounts>();
  if (p.outletIds.length === 0) return out;
  const rows = await db.execute<Row & { outlet_id: number }>(sql`
    with v as materialized (
      select article_id, outlet_id, tests, rewrites from versioned_articles
      where outlet_id in ${idList(p.outletIds)}
        and article_seen_at >= ${new Date(p.from).toISOString()}::timestamptz and article_seen_at <= ${new Date(p.to).toISOString()}::timestamptz)
    select 'stored' as kind, outlet_id, count(*)::int as articles, sum(rewrites)::int as rewrites, sum(tests)::int as tests,
      count(*) filter (where tests > 0)::int as tested, null::bigint as article_id, null as text_hash, null::float8 as first_seen_ms,
      null::float8 as last_seen_ms, null::text[] as seen_in
    from v where tests is not null group by outlet_id
    union all
    select 'version', v.outlet_id, null, null, null, null, hv.article_id, ${VERSION_COLUMNS}
    from v join headline_versions hv on hv.article_id = v.article_id where v.tests is null`);
  const add = (outletId: number, n: HeadlineTestCounts) => {
    const c = out.get(outletId) ?? NO_HEADLINE_CHANGES;
    out.set(outletId, {
      changedArticles: c.changedArticles + n.changedArticles,
      rewrites: c.rewrites + n.rewrites,
      tests: c.tests + n.tests,
      testedArticles: c.testedArticles + n.testedArticles,
    });
  };
  for (const r of rows) {
    if (r.kind === "stored")
      add(r.outlet_id, { changedArticles: r.articles, rewrites: r.rewrites, tests: r.tests, testedArticles: r.tested });
  }
  const pending = versionsByArticle(rows.filter((r): r is { kind: "version" } & VersionRow => r.kind === "version"));
  for (const { outletId, versions } of pending.values()) {
    const kinds = countHeadlineChanges(versions);
    add(outletId, { changedArticles: 1, rewrites: kinds.rewrites, tests: kinds.tests, testedArticles: kinds.tests > 0 ? 1 : 0 });
  }
  return out;
}
