/**
 * One front-page capture by its id, as evidence (SPEC WEB-5): when it was made, how, and its
 * ranked list with each link's address and the headline it had at that moment, as the
 * outlet's policy lets us cite it. A `304` capture confirms the list before it and shows it.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { headlineForDisplay, type OutletPolicy } from "../../../lib/policy";
import type { Executor } from "../../client";
import { spansOverlapping } from "../../span-overlap";
import { time } from "../../figures/page-sql";

/** One position of a cited capture. */
export interface CaptureLink {
  articleId: number;
  rank: number;
  url: string;
  headline: string;
  headlineWithheld: boolean;
}

/** A successful capture and its list. */
export interface CaptureRecord {
  id: number;
  at: number;
  renderMode: string;
  notModified: boolean;
  /** The outlet's successful captures just before and after, for stepping through them. */
  previousId: number | null;
  nextId: number | null;
  links: CaptureLink[];
}

/**
 * Capture `captureId` of the outlet, when it exists, belongs to it and succeeded: one statement
 * reads the capture, its neighbours and its list (the spans covering it, db/span-overlap.ts, ranked
 * by position as front-page-at.ts ranks them), each link's address and the headline valid then
 * (the latest first seen by the capture, else the first).
 */
export async function loadCapture(
  db: Executor,
  p: { outletId: number; captureId: number; policy: OutletPolicy },
): Promise<CaptureRecord | undefined> {
  const rows = await db.execute<{
    at: string | Date;
    render_mode: string;
    not_modified: boolean;
    previous_id: string | null;
    next_id: string | null;
    article_id: string | null;
    rank: number | null;
    url: string | null;
    text: string | null;
  }>(sql`
    with capture as materialized (
      select c.at, c.render_mode, c.not_modified,
        (select id from frontpage_captures p where p.outlet_id = c.outlet_id and p.outcome = 'ok' and p.at < c.at order by p.at desc limit 1) as previous_id,
        (select id from frontpage_captures n where n.outlet_id = c.outlet_id and n.outcome = 'ok' and n.at > c.at order by n.at limit 1) as next_id
      from frontpage_captures c where c.id = ${p.captureId} and c.outlet_id = ${p.outletId} and c.outcome = 'ok'
    ), page as materialized (
      select s.article_id, (row_number() over (order by s.position))::int as rank
      from ${spansOverlapping(sql`${p.outletId}::int`, sql`(select at from capture)`, sql`(select at from capture)`, ["article_id", "position"])} s
    )
    select capture.*, page.article_id::text, page.rank, a.url, v.text
    from capture
    left join page on true
    left join articles a on a.id = page.article_id
    left join lateral (
      select hv.text from headline_versions hv where hv.article_id = page.article_id
      order by (hv.first_seen_at <= capture.at) desc,
        case when hv.first_seen_at <= capture.at then -extract(epoch from hv.first_seen_at) else extract(epoch from hv.first_seen_at) end, hv.id
      limit 1) v on true
    order by page.rank`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: p.captureId,
    at: time(row.at)!,
    renderMode: row.render_mode,
    notModified: row.not_modified,
    previousId: row.previous_id === null ? null : Number(row.previous_id),
    nextId: row.next_id === null ? null : Number(row.next_id),
    links: rows
      .filter((r) => r.article_id !== null)
      .map((r) => ({
        articleId: Number(r.article_id),
        rank: r.rank!,
        url: r.url ?? "",
        headline: r.text === null ? "(sin titular registrado)" : headlineForDisplay(p.policy, r.text),
        headlineWithheld: !p.policy.headlinesVerbatim,
      })),
  };
}
