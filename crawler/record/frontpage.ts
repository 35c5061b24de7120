/**
 * Front-page positions over time as rank spans (SPEC STO-1): one row while an article
 * holds its place, not one row per capture. A span is open (`to_at` null) while the
 * latest capture confirms it, and is closed at the last capture that did, so a capture
 * writes only what changed.
 * Its place is its order among the other articles (span-plan.ts), so an article pushed
 * down by a newcomer above keeps its span; the rank at an instant is derived from the
 * spans covering it (db/figures/api/front-pages.ts). A span survives a missed capture only
 * within `maxGapMs`; after a longer gap the order is not assumed to have held.
 */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { planSpans, type OpenSpan } from "./span-plan";

/** Ranks compared to decide whether the front page "changed" (SCH-2). */
export const TOP_POSITIONS = 10;

/** A link's layout box at 1280×900 (browser mode, EXT-3). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  aboveFold: boolean;
}

/**
 * One successful capture: article ids by rank (1 = first), with boxes in browser mode.
 * `notModified` marks a `304` that confirmed the previous capture's list (confirmed-capture.ts).
 */
export interface Capture {
  outletId: number;
  at: number;
  renderMode: "static" | "browser";
  ranks: { articleId: number; rank: number; box?: Box }[];
  notModified?: boolean;
}

/** True when the top positions differ between two captures (articles or their order). */
export function topChanged(before: readonly number[], after: readonly number[], top = TOP_POSITIONS): boolean {
  const a = before.slice(0, top);
  const b = after.slice(0, top);
  return a.length !== b.length || a.some((id, i) => id !== b[i]);
}

/** A PostgreSQL array literal of numbers, booleans and nulls (one parameter instead of one per row). */
function pgArray(values: readonly (number | boolean | null | undefined)[]): string {
  return `{${values.map((v) => (v === null || v === undefined ? "NULL" : typeof v === "boolean" ? (v ? "t" : "f") : String(v))).join(",")}}`;
}

/**
 * The open spans this process left after an outlet's last static capture (sorted by
 * article, then position), so that the next capture need not read them back: its one
 * statement first checks that the database still holds exactly these (and that capture
 * as the latest before it), and writes only if so; else the capture is recorded the long
 * way. So another worker's capture, a rolled-back transaction or a deletion costs one
 * round trip more, never a wrong span.
 */
interface Remembered {
  at: number;
  articleIds: number[];
  positions: number[];
}
const remembered = new Map<number, Remembered>();
/** Outlets remembered (first in, first out): 300 spans each at most a few KB. */
const REMEMBERED_OUTLETS = 2_000;

/** Forget every remembered outlet: the next capture of each reads its open spans back (tests compare both ways). */
export function forgetOpenSpans(): void {
  remembered.clear();
}

type RankedCapture = Capture["ranks"][number];

/** What a capture writes against the open spans after the previous one (at `previousAt`). */
function planCapture(c: Capture, previousAt: number | undefined, open: OpenSpan[], ranks: RankedCapture[], maxGapMs: number) {
  // After a long gap the order is not assumed to have held: every span starts anew.
  const continues = previousAt !== undefined && c.at - previousAt <= maxGapMs;
  const plan = planSpans(continues ? open : [], ranks);
  const extended = new Set(plan.extend);
  const ended = open.filter((s) => !extended.has(s.spanId)).map((s) => s.articleId);
  // A span keeps the box of the capture that opened it.
  const opened = plan.open.map(({ index, position }) => ({ ...ranks[index]!, position }));
  const changed = topChanged(
    open.map((s) => s.articleId),
    ranks.map((r) => r.articleId),
  );
  const stillOpen = [
    ...open.filter((s) => extended.has(s.spanId)).map((s) => ({ articleId: s.articleId, position: s.position, box: s.box })),
    ...opened.map((o) => ({ articleId: o.articleId, position: o.position, box: o.box })),
  ];
  return { previousAt, ended, opened, changed, stillOpen, linkCount: ranks.length };
}

/** The capture's writes: close the ended spans, open the new ones, add the capture row; with `check`, only if the database holds what it says. */
function captureWrite(c: Capture, w: ReturnType<typeof planCapture>, check?: Remembered) {
  const at = sqlTime(c.at);
  const ok = check
    ? sql`(select max(at) from frontpage_captures where outlet_id = ${c.outletId} and outcome = 'ok' and at < ${at}) = ${sqlTime(check.at)}::timestamptz
        and (select count(*) = ${check.articleIds.length}
          and count(*) filter (where box_width is null or box_height is null or above_fold is null) = ${check.articleIds.length}
          and coalesce(array_agg(article_id order by article_id, position), '{}') = ${pgArray(check.articleIds)}::bigint[]
          and coalesce(array_agg(position order by article_id, position), '{}') = ${pgArray(check.positions)}::float8[]
          from rank_spans where outlet_id = ${c.outletId} and to_at is null)`
    : sql`true`;
  const { ended, opened } = w;
  return sql`
    with ok as (select coalesce(${ok}, false) as ok), ended as (
      -- An ended span was last confirmed by the previous capture.
      update rank_spans set to_at = ${sqlTime(w.previousAt ?? c.at)}
      where outlet_id = ${c.outletId} and to_at is null and article_id = any(${pgArray(ended)}::bigint[]) and (select ok from ok)
    ), opened as (
      insert into rank_spans (article_id, outlet_id, position, from_at, box_x, box_y, box_width, box_height, above_fold)
      select v.article_id, ${c.outletId}, v.position, ${at}, v.x, v.y, v.width, v.height, v.above_fold
      from unnest(${pgArray(opened.map((o) => o.articleId))}::bigint[], ${pgArray(opened.map((o) => o.position))}::float8[],
        ${pgArray(opened.map((o) => o.box?.x))}::real[], ${pgArray(opened.map((o) => o.box?.y))}::real[],
        ${pgArray(opened.map((o) => o.box?.width))}::real[], ${pgArray(opened.map((o) => o.box?.height))}::real[],
        ${pgArray(opened.map((o) => o.box?.aboveFold))}::boolean[]) as v(article_id, position, x, y, width, height, above_fold)
      where (select ok from ok)
      on conflict (article_id, from_at) do nothing
    ), captured as (
      insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode, changed, not_modified)
      select ${c.outletId}, ${at}, 'ok', ${w.linkCount}, ${c.renderMode}, ${w.changed}, ${c.notModified ?? false}
      where (select ok from ok)
    )
    select ok from ok`;
}

/** Remember the spans a capture left open, when none has a box (static captures). */
function remember(c: Capture, w: ReturnType<typeof planCapture>): void {
  remembered.delete(c.outletId);
  if (w.stillOpen.some((s) => s.box)) return;
  const spans = [...w.stillOpen].sort((a, b) => a.articleId - b.articleId || a.position - b.position);
  if (remembered.size >= REMEMBERED_OUTLETS) remembered.delete(remembered.keys().next().value!);
  remembered.set(c.outletId, { at: c.at, articleIds: spans.map((s) => s.articleId), positions: spans.map((s) => s.position) });
}

/**
 * Record a successful capture (inside the caller's transaction); returns whether its top
 * positions changed. One statement when this process recorded the outlet's previous
 * capture (see `Remembered`); else two round trips: read the open spans, then one
 * statement that closes the ended spans, opens the new ones and adds the capture row.
 */
export async function recordCapture(tx: Executor, c: Capture, maxGapMs = 2 * 3_600_000): Promise<{ changed: boolean }> {
  const seen = new Set<number>();
  const ranks = [...c.ranks].sort((x, y) => x.rank - y.rank).filter((r) => !seen.has(r.articleId) && seen.add(r.articleId));
  const known = remembered.get(c.outletId);
  if (known && known.at < c.at && !ranks.some((r) => r.box)) {
    const open = known.articleIds
      .map((id, i) => ({ spanId: id, articleId: id, position: known.positions[i]! }))
      .sort((a, b) => a.position - b.position);
    const w = planCapture(c, known.at, open, ranks, maxGapMs);
    const [row] = await tx.execute<{ ok: boolean }>(captureWrite(c, w, known));
    if (row?.ok) {
      remember(c, w);
      return { changed: w.changed };
    }
  }
  const rows = await tx.execute<OpenRow & { previous_at: string | Date | null }>(sql`
    select p.at as previous_at, s.article_id, s.position, s.box_width, s.box_height, s.above_fold
    from (select max(at) as at from frontpage_captures where outlet_id = ${c.outletId} and outcome = 'ok' and at < ${sqlTime(c.at)}) p
    left join rank_spans s on s.outlet_id = ${c.outletId} and s.to_at is null
    order by s.position`);
  const open = rows.filter((r) => r.article_id !== null).map(toOpenSpan);
  const w = planCapture(c, fromSqlTime(rows[0]?.previous_at), open, ranks, maxGapMs);
  await tx.execute(captureWrite(c, w));
  remember(c, w);
  return { changed: w.changed };
}

type OpenRow = { article_id: number; position: number; box_width: number | null; box_height: number | null; above_fold: boolean | null };

function toOpenSpan(r: OpenRow): OpenSpan {
  const box =
    r.box_width === null || r.box_height === null || r.above_fold === null
      ? undefined
      : { width: Number(r.box_width), height: Number(r.box_height), aboveFold: r.above_fold };
  // An article has one open span at most, so its id names the span.
  return { spanId: Number(r.article_id), articleId: Number(r.article_id), position: Number(r.position), box };
}

/** Record a failed capture attempt (BLK-7 shares are computed from these). */
export async function recordFailedCapture(
  db: Db,
  p: { outletId: number; at: number; outcome: string; renderMode: "static" | "browser" },
): Promise<void> {
  await db.execute(sql`
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode)
    values (${p.outletId}, ${sqlTime(p.at)}, ${p.outcome}, 0, ${p.renderMode})`);
}
