/**
 * Publication delay (SPEC DER-8): for the outlet's articles first seen in a period (by
 * default the last 7 days), the time from the publication time the outlet declared to our first sighting,
 * as a distribution, and where we saw each first (feed, sitemap or front page).
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { num, outletArticlesSeenBetween, type Window } from "../../figures/page-sql";
import { readingStartedAt } from "../../figures/reading-start";

/** Upper bounds (exclusive, in minutes) of the delay bins, in order; the last bin is open. */
export const DELAY_BINS: readonly { key: string; label: string; upToMinutes: number | null }[] = [
  { key: "before", label: "Antes de la hora declarada", upToMinutes: 0 },
  { key: "m15", label: "Menos de 15 min", upToMinutes: 15 },
  { key: "h1", label: "15 min – 1 h", upToMinutes: 60 },
  { key: "h3", label: "1 – 3 h", upToMinutes: 180 },
  { key: "h12", label: "3 – 12 h", upToMinutes: 720 },
  { key: "d1", label: "12 – 24 h", upToMinutes: 1440 },
  { key: "more", label: "Más de 24 h", upToMinutes: null },
];

/** The delay figures of the period. */
export interface PublicationDelay {
  start: number;
  end: number;
  /** Articles first seen in the period. */
  articles: number;
  /** Of them, those with a declared publication time since we started reading the outlet (the start-up rule, reading-start.ts). */
  declared: number;
  /** Articles with a declared time before we started reading the outlet: left out of the delay. */
  beforeReading: number;
  medianMs: number | null;
  /** Articles per bin of DELAY_BINS, same order. */
  bins: { label: string; count: number }[];
  /** Where each article was first seen. */
  firstSeenIn: { feed: number; sitemap: number; frontpage: number };
}

/** DER-8 figures of the outlet over the period. */
export async function loadPublicationDelay(db: Executor, outletId: number, { start, end: now }: Window): Promise<PublicationDelay> {
  const from = new Date(start).toISOString();
  const to = new Date(now).toISOString();
  // The start-up rule: the backlog found when we started reading the outlet is not its delay.
  const counted = sql`published_at >= ${readingStartedAt(sql`${outletId}`)}`;
  // One statement over the columns of index articles_outlet_first_seen_figures (an index-only scan: a year of the
  // busiest generated outlet is 66 k articles), each row's delay computed once, in float seconds, and the bins
  // counted beside the median.
  const bins = DELAY_BINS.map((b, i) => {
    const lower = i === 0 ? null : DELAY_BINS[i - 1]!.upToMinutes;
    const conditions = [
      ...(lower === null ? [] : [sql`seconds >= ${lower * 60}`]),
      ...(b.upToMinutes === null ? [] : [sql`seconds < ${b.upToMinutes * 60}`]),
    ];
    return sql`count(*) filter (where counted and ${sql.join(conditions, sql` and `)})::int`;
  });
  const [row] = await db.execute<{
    articles: number;
    declared: number;
    before_reading: number;
    median_ms: string | number | null;
    feed: number;
    sitemap: number;
    frontpage: number;
    bins: number[];
  }>(sql`
    select count(*)::int as articles, count(*) filter (where counted)::int as declared,
      count(*) filter (where not counted)::int as before_reading,
      percentile_cont(0.5) within group (order by seconds * 1000) filter (where counted) as median_ms,
      count(*) filter (where first_seen_in = 'feed')::int as feed,
      count(*) filter (where first_seen_in = 'sitemap')::int as sitemap,
      count(*) filter (where first_seen_in = 'frontpage')::int as frontpage,
      array[${sql.join(bins, sql`, `)}] as bins
    from (
      select first_seen_in, ${counted} as counted, date_part('epoch', first_seen_at - published_at) as seconds
      -- "offset 0" keeps the row's flag and delay computed once: flattened, each filter above recomputes them.
      from articles where ${outletArticlesSeenBetween("articles", outletId, from, to)} offset 0) a`);
  return {
    start,
    end: now,
    articles: row?.articles ?? 0,
    declared: row?.declared ?? 0,
    beforeReading: row?.before_reading ?? 0,
    medianMs: num(row?.median_ms),
    bins: DELAY_BINS.map((b, i) => ({ label: b.label, count: row?.bins[i] ?? 0 })),
    firstSeenIn: { feed: row?.feed ?? 0, sitemap: row?.sitemap ?? 0, frontpage: row?.frontpage ?? 0 },
  };
}
