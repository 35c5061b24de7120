/**
 * Attention over time for one search (SPEC WEB-9): per peninsular day and outlet, the articles
 * whose headline matched and the prominence-minutes (DER-9) their rank spans stored, plus each
 * outlet's articles per day (the share's denominator). A one-word search (the common case) reads
 * the daily counts per headline word kept by triggers (attention-words.ts); a search of several
 * words, a phrase, `o` or `-word` is computed here from indexes: the matches from the GIN index on
 * the folded headline words (the outlet's own GIN index when one outlet is asked for), their
 * articles and spans by key (an array of ids, so the planner looks them up instead of scanning the
 * period). The totals come from the daily aggregate `outlet_day_articles` (docs/research-data.md
 * has the plans and figures). Outlets whose headlines may not be quoted or that are excluded are
 * never searched (PUB-6): a count would reveal their words.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { daysOf, type AttentionCount } from "../../../lib/pages/attention";
import type { Executor } from "../../client";
import { intArray } from "../../open-data/sql/api-sql";
import { loadWordCounts, NO_MINUTES, searchTerms, type SearchTerms } from "./attention-words";

/** What one series reads. */
export interface AttentionFilter {
  q: string;
  /** Peninsular days, both included. */
  from: string;
  to: string;
  /** Outlets that may be searched (visible, headlines quotable), by id → slug. */
  searchable: ReadonlyMap<number, string>;
  /** Outlets whose positions may be shown (prominence), by id. */
  positionsShown: ReadonlySet<number>;
  /** Narrow to one outlet. */
  outletId?: number;
  /** `q` as the search reads it, when the page has parsed it already. */
  terms?: SearchTerms;
}

const start = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Madrid')`;
const end = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Madrid')`;
const madridDay = (column: ReturnType<typeof sql>) => sql`to_char(${column} at time zone 'Europe/Madrid', 'YYYY-MM-DD')`;
const tsQuery = (q: string) => sql`websearch_to_tsquery('spanish', search_fold(${q}))`;

/** Whether the search has words PostgreSQL keeps (not only common words). */
export async function searchHasWords(db: Executor, q: string): Promise<boolean> {
  return (await searchTerms(db, q)).nodes > 0;
}

/**
 * Matched articles and their prominence per outlet and day: articles by the day they were first
 * seen, prominence by the day each of their spans began (spans of articles first seen before
 * the period count on their own days). A one-word search reads the daily counts per word.
 */
export async function loadAttentionCounts(db: Executor, f: AttentionFilter): Promise<AttentionCount[]> {
  const ids = [...f.searchable.keys()].filter((id) => f.outletId === undefined || id === f.outletId);
  if (ids.length === 0) return [];
  const terms = f.terms ?? (await searchTerms(db, f.q));
  if (terms.nodes === 0) return [];
  const shown = ids.filter((id) => f.positionsShown.has(id));
  if (terms.word !== null) return loadWordCounts(db, { word: terms.word, from: f.from, to: f.to, ids, shown, slugs: f.searchable });
  return computeAttentionCounts(db, f, ids, shown);
}

/** The full computation, for searches of several words: every matching version, article and span. */
export async function computeAttentionCounts(
  db: Executor,
  f: AttentionFilter,
  ids: readonly number[],
  shown: readonly number[],
): Promise<AttentionCount[]> {
  // Any version counts, even one first seen after the period: an article matches by all its headlines.
  const matching = sql`hv.search_words @@ ${tsQuery(f.q)}`;
  const versions =
    f.outletId === undefined
      ? sql`select hv.article_id from headline_versions hv where ${matching}`
      : sql`select hv.article_id from headline_versions hv where hv.outlet_id = ${f.outletId} and ${matching}`;
  const rows = await db.execute<{ outlet_id: number; day: string; articles: number; minutes: number | null }>(sql`
    with m as materialized (
      select a.id, a.outlet_id, a.first_seen_at
      from articles a
      where a.id = any(array(select distinct article_id from (${versions}) v))
        and a.first_seen_at < ${end(f.to)}
        and a.outlet_id = any(${intArray([...ids])}::int[])
    ), counted as (
      select outlet_id, ${madridDay(sql`first_seen_at`)} as day, count(*)::int as articles from m
      where first_seen_at >= ${start(f.from)}
      group by 1, 2
    ), minutes as (
      select s.outlet_id, ${madridDay(sql`s.from_at`)} as day, sum(s.weighted_minutes)::float8 as minutes
      from rank_spans s
      where s.article_id = any(array(select id from m))
        and s.from_at >= ${start(f.from)} and s.from_at < ${end(f.to)} and s.outlet_id = any(${intArray([...shown])}::int[])
      group by 1, 2
    )
    select coalesce(c.outlet_id, p.outlet_id) as outlet_id, coalesce(c.day, p.day) as day,
           coalesce(c.articles, 0)::int as articles, p.minutes
    from counted c full join minutes p on p.outlet_id = c.outlet_id and p.day = c.day
    where coalesce(c.articles, 0) > 0 or p.minutes > ${NO_MINUTES}
    order by 2, 1`);
  return rows.map((r) => ({
    day: r.day,
    outlet: f.searchable.get(r.outlet_id) ?? "",
    articles: Number(r.articles),
    prominenceMinutes: f.positionsShown.has(r.outlet_id) ? Number(r.minutes ?? 0) : null,
  }));
}

/** Each outlet's articles per peninsular day over the period (lib/pages/attention.ts, `OutletDayTotals`). */
export async function loadOutletDayTotals(
  db: Executor,
  f: { outlets: ReadonlyMap<number, string>; from: string; to: string },
): Promise<Map<string, Float64Array>> {
  const ids = [...f.outlets.keys()];
  if (ids.length === 0) return new Map();
  // The daily aggregate kept by triggers on articles (migration 0025): one row per outlet and
  // day, received as one JSON document of arrays (a year of 50 outlets is 18,000 rows).
  const [result] = await db.execute<{ r: { o: number[] | null; d: number[]; n: number[] } }>(sql`
    select json_build_object('o', array_agg(outlet_id), 'd', array_agg(day - ${f.from}::date), 'n', array_agg(articles)) as r
    from outlet_day_articles
    where outlet_id = any(${intArray(ids)}::int[]) and day between ${f.from}::date and ${f.to}::date and articles > 0`);
  const row = result?.r;
  if (!row?.o) return new Map();
  const width = daysOf(f.from, f.to).length;
  const totals = new Map<string, Float64Array>();
  for (let i = 0; i < row.o.length; i++) {
    const slug = f.outlets.get(row.o[i]!)!;
    let perDay = totals.get(slug);
    if (perDay === undefined) totals.set(slug, (perDay = new Float64Array(width)));
    perDay[row.d[i]!] = row.n[i]!;
  }
  return totals;
}
