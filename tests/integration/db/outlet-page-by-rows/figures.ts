/**
 * Reference for tests: figures of the outlet page as they were read from the articles' and spans'
 * rows before the covering index and the stays the triggers keep (SPEC OPS-8), kept to prove the page
 * shows the same figures: publication delay (DER-8), section mix (WEB-1) and link half-life (DER-7).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../../db/client";
import { DELAY_BINS, type PublicationDelay } from "../../../../db/queries/outlet-page/delay";
import { sectionMixOf, type SectionMix } from "../../../../db/queries/outlet-page/mix";
import { DAY_MS, num, outletArticlesSeenBetween, type Window } from "../../../../db/figures/page-sql";
import { readingStartedAt } from "../../../../db/figures/reading-start";

/** Articles per declared section over the period, counted straight from the period's rows. */
export async function sectionMixByRows(db: Executor, outletId: number, window: Window): Promise<SectionMix> {
  const all = await db.execute<{ section: string | null; unread: boolean; n: number }>(sql`
    select nullif(trim(section), '') as section, (read_at is null) as unread, count(*)::int as n from articles
    where ${outletArticlesSeenBetween("articles", outletId, new Date(window.start).toISOString(), new Date(window.end).toISOString())}
    group by 1, 2 order by n desc, section nulls last`);
  return sectionMixOf(all, window);
}

/**
 * Link half-life from the spans themselves: the links that entered the front page between the start and
 * 1 day before the end, each from its first span's start to its last span's end (now while one is open).
 */
export async function halfLifeByRows(db: Executor, outletId: number, { start, end }: Window) {
  const to = new Date(end).toISOString();
  const [row] = await db.execute<{ links: number; half_ms: string | number | null }>(sql`
    select count(*)::int as links, percentile_cont(0.5) within group (order by extract(epoch from last_at - entered_at) * 1000) as half_ms
    from (
      select min(from_at) as entered_at, max(coalesce(to_at, ${to}::timestamptz)) as last_at
      from rank_spans where outlet_id = ${outletId} group by article_id) s
    where entered_at >= ${new Date(start).toISOString()}::timestamptz and entered_at < ${new Date(end - DAY_MS).toISOString()}::timestamptz`);
  return { links: row?.links ?? 0, halfMs: num(row?.half_ms) };
}

/** DER-8 figures of the outlet over the period. */
export async function delayByRows(db: Executor, outletId: number, { start, end: now }: Window): Promise<PublicationDelay> {
  const from = new Date(start).toISOString();
  const to = new Date(now).toISOString();
  const minutes = sql`extract(epoch from first_seen_at - published_at) / 60`;
  // The start-up rule: the backlog found when we started reading the outlet is not its delay.
  const counted = sql`published_at >= ${readingStartedAt(sql`${outletId}`)}`;
  const binCase = sql.join(
    DELAY_BINS.filter((b) => b.upToMinutes !== null).map((b, i) => sql`when ${minutes} < ${b.upToMinutes} then ${i}`),
    sql` `,
  );
  const [[row], bins] = await Promise.all([
    db.execute<{
      articles: number;
      declared: number;
      before_reading: number;
      median_ms: string | number | null;
      feed: number;
      sitemap: number;
      frontpage: number;
    }>(sql`
      select count(*)::int as articles, count(*) filter (where ${counted})::int as declared,
        count(*) filter (where not (${counted}))::int as before_reading,
        percentile_cont(0.5) within group (order by extract(epoch from first_seen_at - published_at) * 1000) filter (where ${counted}) as median_ms,
        count(*) filter (where first_seen_in = 'feed')::int as feed,
        count(*) filter (where first_seen_in = 'sitemap')::int as sitemap,
        count(*) filter (where first_seen_in = 'frontpage')::int as frontpage
      from articles where ${outletArticlesSeenBetween("articles", outletId, from, to)}`),
    db.execute<{ bin: number; n: number }>(sql`
      select (case ${binCase} else ${DELAY_BINS.length - 1} end)::int as bin, count(*)::int as n
      from articles where ${outletArticlesSeenBetween("articles", outletId, from, to)} and ${counted}
      group by 1`),
  ]);
  const counts = new Map(bins.map((b) => [b.bin, b.n]));
  return {
    start,
    end: now,
    articles: row?.articles ?? 0,
    declared: row?.declared ?? 0,
    beforeReading: row?.before_reading ?? 0,
    medianMs: num(row?.median_ms),
    bins: DELAY_BINS.map((b, i) => ({ label: b.label, count: counts.get(i) ?? 0 })),
    firstSeenIn: { feed: row?.feed ?? 0, sitemap: row?.sitemap ?? 0, frontpage: row?.frontpage ?? 0 },
  };
}
