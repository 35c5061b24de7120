/**
 * An outlet's front page at a past minute (SPEC WEB-5, STO-1 reads): the ranked links of
 * the last successful capture by the end of that minute, each with the headline valid
 * then, since when it had been on the front page without a break, and its best rank in
 * that stay; the captures before and after; and what we knew of the minute (captured,
 * before the first capture, failed, blocked, silent: lib/pages/capture-state.ts).
 * Every read goes through an index: captures by (outlet, at), spans by db/span-overlap.ts and
 * by article (primary key), headlines by article, the request log by (site, at).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { captureState, type CaptureState } from "../../../lib/pages/capture-state";
import { headlineForDisplay, type OutletPolicy } from "../../../lib/policy";
import type { Executor } from "../../client";
import { sqlTime } from "../../sql-time";
import { idList, num, time } from "../../figures/page-sql";
import { spansOverlapping } from "../../span-overlap";

/** How far back a link's best rank is looked for: its stay, at most this long before the capture. */
export const BEST_RANK_WINDOW_MS = 24 * 3_600_000;

/** One link of a past front page. */
export interface PastLink {
  articleId: number;
  rank: number;
  /** The headline it had at that minute, as the policy lets us cite it (PUB-6). */
  headline: string;
  /** True when the outlet asked for its headlines not to be reproduced: `headline` says so instead. */
  headlineWithheld: boolean;
  /** On the front page without a break since (epoch ms). */
  since: number;
  /** Best rank since then (within BEST_RANK_WINDOW_MS of the capture); null when not asked for. */
  bestRank: number | null;
  /** The story it belongs to, if any (DER-2). */
  storyId: number | null;
}

/** A front page at a minute. */
export interface FrontPageAtMinute {
  /** Start of the minute asked for. */
  minute: number;
  state: CaptureState;
  /** The successful capture shown (the last by the end of the minute), the one before it and the next after the minute. */
  capture: number | null;
  /** That capture's id, for its citable permalink. */
  captureId: number | null;
  previous: number | null;
  next: number | null;
  links: PastLink[];
}

const MINUTE_MS = 60_000;

/** The outlet's front page as it was during the minute starting at `minute`. */
export async function loadFrontPageAt(
  db: Executor,
  p: {
    outletId: number;
    policy: OutletPolicy;
    minute: number;
    now: number;
    /** Look up each link's best rank (the dearest read). @default true */
    bestRank?: boolean;
  },
): Promise<FrontPageAtMinute> {
  const o = p.outletId;
  const end = sqlTime(p.minute + MINUTE_MS - 1);
  const [row] = await db.execute<Record<string, string | Date | null>>(sql`
    with shown as (
      select max(at) as shown_at from frontpage_captures where outlet_id = ${o} and outcome = 'ok' and at <= ${end}::timestamptz
    ), failed as (
      select min(at) as since, (array_agg(outcome order by at desc))[1] as last_outcome from frontpage_captures, shown
      where outlet_id = ${o} and outcome <> 'ok' and at > coalesce(shown_at, ${end}::timestamptz) and at <= ${end}::timestamptz
    )
    select shown.shown_at, failed.since as failed_since, failed.last_outcome,
      (select max(id) from frontpage_captures where outlet_id = ${o} and outcome = 'ok' and at = shown.shown_at) as shown_id,
      (select max(at) from frontpage_captures where outlet_id = ${o} and outcome = 'ok' and at < date_trunc('minute', shown.shown_at)) as previous_at,
      (select min(at) from frontpage_captures where outlet_id = ${o} and outcome = 'ok' and at > ${end}::timestamptz) as next_at,
      (select min(at) from frontpage_captures where outlet_id = ${o} and outcome = 'ok') as first_at,
      -- A refused front page writes no capture row: the request log and the source's state say so.
      least(
        (select min(l.at) from sources s join fetch_log l on l.site_domain = s.site_domain and l.url = s.url
         where s.outlet_id = ${o} and s.kind = 'frontpage' and l.outcome in ('blocked', 'challenge')
           and l.at > shown.shown_at and l.at <= ${end}::timestamptz),
        (select min(closed_since) from sources where outlet_id = ${o} and kind = 'frontpage'
           and closed_since > shown.shown_at and closed_since <= ${end}::timestamptz)) as blocked_since
    from shown, failed`);
  const shown = time(row?.shown_at);
  const state = captureState({
    minute: p.minute,
    now: p.now,
    firstOk: time(row?.first_at),
    shown,
    failedSince: time(row?.failed_since),
    lastFailure: (row?.last_outcome as string | null) ?? null,
    blockedSince: time(row?.blocked_since),
  });
  const shownId = row?.shown_id ?? null;
  const base = {
    minute: p.minute,
    state,
    capture: shown,
    captureId: shownId === null ? null : Number(shownId),
    previous: time(row?.previous_at),
    next: time(row?.next_at),
  };
  if (shown === null) return { ...base, links: [] };
  return { ...base, links: await linksAt(db, p.policy, o, shown, p.minute + MINUTE_MS - 1, p.bestRank ?? true) };
}

/** The links of the capture at `shown`, by rank, with their headline at `end`, their stay and best rank. */
export async function linksAt(
  db: Executor,
  policy: OutletPolicy,
  o: number,
  shown: number,
  end: number,
  withBest: boolean,
): Promise<PastLink[]> {
  const at = sqlTime(shown);
  const rows = await db.execute<{
    article_id: string | number;
    rank: number;
    stay_from: string | Date;
    story_id: string | number | null;
  }>(sql`
    with page as materialized (
      select s.article_id, (row_number() over (order by s.position))::int as rank
      from ${spansOverlapping(sql`${o}::int`, sql`${at}::timestamptz`, sql`${at}::timestamptz`, ["article_id", "position"])} s
    ), own as (
      select r.article_id, r.from_at, lag(r.to_at) over (partition by r.article_id order by r.from_at) as previous_to
      from rank_spans r where r.article_id in (select article_id from page) and r.from_at <= ${at}::timestamptz
    )
    -- A stay starts at an article's first span, or at a span with a successful capture
    -- between it and the article's previous span (a capture that did not show it).
    select page.article_id, page.rank, max(own.from_at) as stay_from, a.story_id
    from page join own using (article_id) join articles a on a.id = page.article_id
    where own.previous_to is null or exists (
      select 1 from frontpage_captures fc where fc.outlet_id = ${o} and fc.outcome = 'ok'
        and fc.at > own.previous_to and fc.at < own.from_at)
    group by page.article_id, page.rank, a.story_id order by page.rank`);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.article_id));
  const staySince = new Map(rows.map((r) => [Number(r.article_id), time(r.stay_from)!]));
  const windowStart = Math.max(Math.min(...staySince.values()), shown - BEST_RANK_WINDOW_MS);
  const [best, versions] = await Promise.all([
    !withBest
      ? Promise.resolve([])
      : db.execute<{ article_id: string | number; best: number }>(sql`
      with stay as (
        select unnest(${`{${ids.join(",")}}`}::bigint[]) as article_id, unnest(${`{${rows.map((r) => sqlTime(time(r.stay_from)!)).join(",")}}`}::timestamptz[]) as stay_from
      ), s as materialized (
        select * from ${spansOverlapping(sql`${o}::int`, sql`${sqlTime(windowStart)}::timestamptz`, sql`${at}::timestamptz`, ["article_id", "position", "from_at", "to_at"])} s
      ), ranked as (
        -- Each capture of the window ranks the spans covering it (front-pages.ts); the
        -- captures each span covers come by index, as in outletRankIntervals.
        select s.article_id, c.at, row_number() over (partition by c.at order by s.position) as rank
        from s cross join lateral (
          select at from frontpage_captures fc
          where fc.outlet_id = ${o} and fc.outcome = 'ok'
            and fc.at >= greatest(s.from_at, ${sqlTime(windowStart)}::timestamptz) and fc.at <= least(coalesce(s.to_at, 'infinity'), ${at}::timestamptz)
          offset 0) c
      )
      select r.article_id, min(r.rank) as best from ranked r join stay on stay.article_id = r.article_id and r.at >= stay.stay_from
      group by r.article_id`),
    // The version valid at the end of the minute: the latest first seen by then (else the first).
    db.execute<{ article_id: string | number; text: string }>(sql`
      select distinct on (article_id) article_id, text from headline_versions
      where article_id in ${idList(ids)}
      order by article_id, (first_seen_at <= ${sqlTime(end)}::timestamptz) desc,
        case when first_seen_at <= ${sqlTime(end)}::timestamptz then -extract(epoch from first_seen_at) else extract(epoch from first_seen_at) end, id`),
  ]);
  const bestOf = new Map(best.map((r) => [Number(r.article_id), num(r.best)!]));
  const headlineOf = new Map(versions.map((r) => [Number(r.article_id), headlineForDisplay(policy, r.text)]));
  return rows.map((r) => {
    const articleId = Number(r.article_id);
    return {
      articleId,
      rank: r.rank,
      headline: headlineOf.get(articleId) ?? "(sin titular registrado)",
      headlineWithheld: !policy.headlinesVerbatim,
      since: staySince.get(articleId)!,
      bestRank: withBest ? Math.min(r.rank, bestOf.get(articleId) ?? r.rank) : null,
      storyId: num(r.story_id),
    };
  });
}
