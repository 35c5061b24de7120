/**
 * Outlets followed in a period (SPEC DER-11): active, shown, with a successful front-page capture in
 * at least half of the hours since collection began in the period. The whole UTC hours inside the
 * period come from the hours kept per outlet and day (outlet_capture_hours, migration
 * outlet_page_aggregates); the two partial hours at its ends from the captures themselves, by index.
 */
import { sql } from "drizzle-orm";
import { hoursInside } from "../../../lib/analysis/capture-hours";
import { FOLLOWED_HOURS_SHARE } from "../../../lib/analysis/silences";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { notExcluded } from "../page-sql";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The outlets followed in [start, end] (inclusive, as the captures were always read). */
export async function followedOutlets(db: Executor, policies: Policies, start: number, end: number): Promise<Set<number>> {
  const fromHour = Math.floor(start / HOUR_MS) * HOUR_MS;
  const toHour = Math.floor(end / HOUR_MS) * HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = (ms: number) => iso(Math.floor(ms / DAY_MS) * DAY_MS).slice(0, 10);
  const excluded = notExcluded(sql`o.id`, policies.excludedOutletIds);
  const [days, edges] = await Promise.all([
    db.execute<{ outlet_id: number; day: string; hours: number }>(sql`
      select h.outlet_id, h.day::text as day, h.hours from outlets o
      join outlet_capture_hours h on h.outlet_id = o.id and h.day >= ${day(fromHour)}::date and h.day <= ${day(toHour)}::date
      where o.active ${excluded}`),
    // The hour holding the start and the one holding the end, each only from its part inside the period.
    db.execute<{ outlet_id: number; first: boolean; last: boolean }>(sql`
      select o.id as outlet_id,
        exists (select 1 from frontpage_captures fc where fc.outlet_id = o.id and fc.outcome = 'ok'
                and fc.at >= ${iso(start)}::timestamptz and fc.at < ${iso(Math.min(fromHour + HOUR_MS, end))}::timestamptz) as first,
        exists (select 1 from frontpage_captures fc where fc.outlet_id = o.id and fc.outcome = 'ok'
                and fc.at >= ${iso(Math.max(toHour, start))}::timestamptz and fc.at <= ${iso(end)}::timestamptz) as last
      from outlets o where o.active ${excluded}`),
  ]);
  const hours = hoursInside(
    days.map((d) => ({ outletId: d.outlet_id, day: d.day, hours: d.hours })),
    fromHour,
    toHour,
  );
  for (const e of edges) {
    const entry = hours.get(e.outlet_id) ?? { count: 0, first: Number.POSITIVE_INFINITY };
    if (e.first) [entry.count, entry.first] = [entry.count + 1, Math.min(entry.first, fromHour)];
    // When the period lies within one hour, its start's hour is its end's.
    if (e.last && !(e.first && toHour === fromHour)) [entry.count, entry.first] = [entry.count + 1, Math.min(entry.first, toHour)];
    if (entry.count > 0) hours.set(e.outlet_id, entry);
  }
  // The period's hours count from the first hour any followed candidate was captured in.
  let first = Number.POSITIVE_INFINITY;
  for (const entry of hours.values()) first = Math.min(first, entry.first);
  if (!Number.isFinite(first)) return new Set();
  const span = Math.max(1, Math.ceil((end - first) / HOUR_MS));
  const followed = [...hours].filter(([, entry]) => entry.count >= FOLLOWED_HOURS_SHARE * span).map(([id]) => id);
  return new Set(followed.filter((id) => policies.forOutlet(id).modelAnnotations));
}
