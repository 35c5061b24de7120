/**
 * "Cuánta agencia hay en tu portada" (SPEC DER-10): per day, the share of an outlet's front
 * page made of agency copy — the minutes its front page showed agency articles (DER-3) over
 * the minutes it showed any article, day by day (peninsular days). A span open at the
 * outlet's latest capture counts up to that capture (crawler/record/frontpage.ts).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { DAY_MS } from "../page-sql";
import { spansOverlapping } from "../../span-overlap";
import { shareVerdict, type ShareVerdict } from "../../../lib/pages/share-sample";

/** One day of one outlet's front page. */
export interface AgencyFrontDay {
  /** Start of the peninsular day (epoch ms). */
  day: number;
  /** Article-minutes on the front page that day: of agency copy, and of all articles. */
  agencyMinutes: number;
  totalMinutes: number;
  /** agencyMinutes ÷ totalMinutes; null when the verdict is not a figure. */
  share: number | null;
  /**
   * The one rule for shares (lib/pages/share-sample.ts): no minutes that day (before we began, or
   * no capture) is "sin datos"; minutes of articles whose text we could not read count as the
   * outlet's own, so when they are most of the day the share is biased and "no medible".
   */
  verdict: ShareVerdict;
}

/** The daily shares over a period, oldest day first. */
export interface AgencyFrontShare {
  start: number;
  end: number;
  days: AgencyFrontDay[];
}

/** Days shown by default: the last 7, today included. */
export const AGENCY_FRONT_DAYS = 7;

/** The outlet's daily agency share of its front page, for the peninsular days of the last `days` days up to `now`. */
export async function loadAgencyFrontShare(db: Executor, outletId: number, p: { now: number; days?: number }): Promise<AgencyFrontShare> {
  const from = new Date(p.now - ((p.days ?? AGENCY_FRONT_DAYS) - 1) * DAY_MS).toISOString();
  const to = new Date(p.now).toISOString();
  const rows = await db.execute<{ day: string | Date; agency_s: number; total_s: number; judged_s: number }>(sql`
    with days as (
      select (d at time zone 'Europe/Madrid') as day_from, ((d + interval '1 day') at time zone 'Europe/Madrid') as day_to
      from generate_series(date_trunc('day', ${from}::timestamptz at time zone 'Europe/Madrid'), ${to}::timestamptz at time zone 'Europe/Madrid', interval '1 day') d
    ), latest as (
      select max(at) as at from frontpage_captures where outlet_id = ${outletId} and outcome = 'ok' and at <= ${to}::timestamptz
    ), s as (
      select sp.article_id, sp.from_at, coalesce(sp.to_at, (select at from latest)) as to_at
      from ${spansOverlapping(sql`${outletId}`, sql`(select min(day_from) from days)`, sql`${to}::timestamptz`, ["article_id", "from_at", "to_at"])} sp
    )
    -- least() and greatest() skip nulls: a day without spans must not count as a full one.
    select d.day_from as day,
      coalesce(sum(extract(epoch from least(s.to_at, d.day_to, ${to}::timestamptz) - greatest(s.from_at, d.day_from))) filter (where a.agency is not null), 0)::float8 as agency_s,
      coalesce(sum(extract(epoch from least(s.to_at, d.day_to, ${to}::timestamptz) - greatest(s.from_at, d.day_from))) filter (where s.article_id is not null), 0)::float8 as total_s,
      coalesce(sum(extract(epoch from least(s.to_at, d.day_to, ${to}::timestamptz) - greatest(s.from_at, d.day_from))) filter (where a.read_outcome = 'open' or a.agency is not null), 0)::float8 as judged_s
    from days d
    left join s on s.from_at < least(d.day_to, ${to}::timestamptz) and s.to_at > d.day_from
    left join articles a on a.id = s.article_id
    group by d.day_from order by d.day_from`);
  const days = rows.map((r) => {
    const agencyMinutes = Math.round(Number(r.agency_s) / 60);
    const totalMinutes = Math.round(Number(r.total_s) / 60);
    // Judged in minutes, as the page prints them; the share itself from the exact seconds.
    const judged = shareVerdict({
      part: agencyMinutes,
      whole: totalMinutes,
      unbiased: Math.round(Number(r.judged_s) / 60),
      kind: "agencyFrontMinutes",
    });
    const verdict: ShareVerdict = judged.measurable ? { measurable: true, share: Number(r.agency_s) / Number(r.total_s) } : judged;
    return {
      day: new Date(r.day).getTime(),
      agencyMinutes,
      totalMinutes,
      share: verdict.measurable ? verdict.share : null,
      verdict,
    };
  });
  return { start: days[0]?.day ?? p.now, end: p.now, days };
}
