/**
 * A period as the per-day aggregates read it (SPEC OPS-8): the whole peninsular days inside it, read
 * from a table kept per day, and the stretches at either end, counted from the rows themselves.
 * The period's end is inclusive, as the figures read from rows always took it.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Window } from "./page-sql";
import { splitPeriod } from "./outlet-page/front-days";

/** Whole days [fromDay, toDay) and the edges; the last edge ends at the period's end, inclusive. */
export interface PeriodDays {
  days: { fromDay: string; toDay: string } | null;
  edges: Window[];
}

/** Split `window` at peninsular midnights (every day is stored: the aggregates are kept as rows are written). */
export function periodDays(window: Window): PeriodDays {
  const split = splitPeriod(window, Number.POSITIVE_INFINITY);
  const edges = [...split.ranked];
  // An instant exactly at the end still counts when the last whole day ends there.
  if (edges.at(-1)?.end !== window.end) edges.push({ start: window.end, end: window.end });
  return { days: split.days, edges };
}

/** `column` within the edges of `split` (the last one closed at its end), or false when there are none. */
export function withinEdges(column: SQL, split: PeriodDays): SQL {
  const parts = split.edges.map(({ start, end }, i) => {
    const from = new Date(start).toISOString();
    const to = new Date(end).toISOString();
    const last = i === split.edges.length - 1;
    return last
      ? sql`(${column} >= ${from}::timestamptz and ${column} <= ${to}::timestamptz)`
      : sql`(${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz)`;
  });
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}
