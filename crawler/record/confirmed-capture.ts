/**
 * A front page answered `304 Not Modified` (SPEC STO-1, POL-4): the server says the page is
 * the one the previous capture read, so the 304 is a capture of that same list. It writes a
 * capture row marked `not_modified` (no body, no new text), the open spans run on through it
 * (a later capture that ends one closes it at the 304, not at the last 200), and the
 * headlines those spans showed are seen again at its time. Its top positions are unchanged,
 * so the capture schedule counts it as an unchanged capture (SCH-2).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transactionRetryingConflicts } from "../../db/conflict-retry";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { recordCapture, type Box } from "./frontpage";

type SpanRow = {
  previous_at: string | Date | null;
  article_id: number | string | null;
  box_x: number | null;
  box_y: number | null;
  box_width: number | null;
  box_height: number | null;
  above_fold: boolean | null;
};

function boxOf(r: SpanRow): Box | undefined {
  if (r.box_x === null || r.box_y === null || r.box_width === null || r.box_height === null || r.above_fold === null) return undefined;
  return { x: Number(r.box_x), y: Number(r.box_y), width: Number(r.box_width), height: Number(r.box_height), aboveFold: r.above_fold };
}

/**
 * Record a `304` of an outlet's front page at `at`. Returns `{ changed: false }`, or
 * `{ changed: undefined }` when there is no earlier capture to confirm (nothing is written:
 * the list a 304 confirms is not known).
 */
export async function recordConfirmedCapture(
  db: Db,
  p: { outletId: number; at: number; renderMode: "static" | "browser" },
): Promise<{ changed: false | undefined }> {
  return transactionRetryingConflicts(db, async (tx) => {
    const rows = await tx.execute<SpanRow>(sql`
      select c.at as previous_at, s.article_id, s.box_x, s.box_y, s.box_width, s.box_height, s.above_fold
      from (select max(at) as at from frontpage_captures where outlet_id = ${p.outletId} and outcome = 'ok' and at < ${sqlTime(p.at)}) c
      left join rank_spans s on s.outlet_id = ${p.outletId} and s.to_at is null
      order by s.position`);
    const previousAt = fromSqlTime(rows[0]?.previous_at);
    if (previousAt === undefined) return { changed: undefined };
    const open = rows.filter((r) => r.article_id !== null);
    const ids = open.map((r) => Number(r.article_id));
    // The headlines the confirmed list showed: front-page versions of its articles seen at
    // (or, through a feed, since) the capture it confirms.
    if (ids.length > 0) {
      await tx.execute(sql`
        update headline_versions set last_seen_at = ${sqlTime(p.at)}
        where article_id = any(${`{${ids.join(",")}}`}::bigint[]) and 'frontpage' = any(seen_in)
          and last_seen_at >= ${sqlTime(previousAt)} and last_seen_at < ${sqlTime(p.at)}`);
    }
    const ranks = open.map((r, i) => ({ articleId: Number(r.article_id), rank: i + 1, box: boxOf(r) }));
    await recordCapture(tx, { outletId: p.outletId, at: p.at, renderMode: p.renderMode, ranks, notModified: true });
    return { changed: false };
  });
}
