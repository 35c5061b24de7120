/**
 * The /robots table's rows, CSV and feed entries (SPEC WEB-9), built from each outlet's stored
 * robots.txt versions by lib/robots/bot-verdicts.ts. Pure.
 */
import { csvRow } from "../csv";
import { dayValue, shiftDay, parseDay } from "../pages/peninsular-time";
import {
  BOTS,
  currentVerdicts,
  verdictChanges,
  VERDICT_WORDS,
  type RobotsVersion,
  type VerdictChange,
  type VerdictSpan,
} from "./bot-verdicts";

/** An outlet with its versions (as db/queries/site/robots-table.ts loads them). */
export interface OutletVersions {
  slug: string;
  name: string;
  origin: string;
  versions: readonly RobotsVersion[];
}

/** One row of the table: an outlet and its verdict for each bot (empty when we hold no copy). */
export interface BotTableRow {
  slug: string;
  name: string;
  origin: string;
  cells: Map<string, VerdictSpan>;
}

/** The table's rows, in the outlets' order. */
export function botTableRows(outlets: readonly OutletVersions[]): BotTableRow[] {
  return outlets.map((o) => ({ slug: o.slug, name: o.name, origin: o.origin, cells: currentVerdicts(o.versions) }));
}

/** The CSV's columns. */
export const BOT_TABLE_FIELDS = ["outlet", "host", "bot", "verdict", "since", "since_first_copy", "robots_sha256"] as const;

/** The table as CSV: one line per outlet and bot (verdict in English: allowed, partial, disallowed). */
export function botTableCsv(rows: readonly BotTableRow[]): string {
  let out = csvRow(BOT_TABLE_FIELDS);
  for (const r of rows) {
    for (const bot of BOTS) {
      const cell = r.cells.get(bot.token);
      if (!cell) continue;
      out += csvRow([r.slug, r.origin, bot.token, cell.verdict, new Date(cell.since).toISOString(), cell.sinceFirstCopy, cell.sha256]);
    }
  }
  return out;
}

/** A change as the feed and the page tell it. */
export interface OutletChange extends VerdictChange {
  slug: string;
  name: string;
}

/** Every outlet's changes, newest first. */
export function allChanges(outlets: readonly OutletVersions[]): OutletChange[] {
  return outlets
    .flatMap((o) => verdictChanges(o.versions).map((c) => ({ ...c, slug: o.slug, name: o.name })))
    .sort((a, b) => b.at - a.at || a.slug.localeCompare(b.slug) || a.token.localeCompare(b.token));
}

/** The feed entry title of a change, in Spanish. */
export function changeTitle(c: OutletChange): string {
  return `${c.name}: ${c.token} pasa de ${VERDICT_WORDS[c.from]} a ${VERDICT_WORDS[c.to]}`;
}

/** The first day of each month from the month of `first` through the month of `now`, as instants, the last MAX of them, and `now`. */
export function monthPoints(first: number, now: number, max = 12): number[] {
  const points: number[] = [];
  let day = `${dayValue(first).slice(0, 7)}-01`;
  const last = dayValue(now);
  while (day <= last) {
    points.push(parseDay(day)!.start);
    day = `${shiftDay(day, 32).slice(0, 7)}-01`;
  }
  const kept = points.filter((p) => p > first).slice(-max);
  return [...kept, now];
}
