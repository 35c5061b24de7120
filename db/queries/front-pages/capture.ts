/**
 * One front-page capture by its id, as evidence (SPEC WEB-5): when it was made, how, and its
 * ranked list with each link's address and the headline it had at that moment, as the
 * outlet's policy lets us cite it. A `304` capture confirms the list before it and shows it.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { OutletPolicy } from "../../../lib/policy";
import type { Executor } from "../../client";
import { idList, time } from "../page-sql";
import { linksAt } from "./front-page-at";

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

/** Capture `captureId` of the outlet, when it exists, belongs to it and succeeded. */
export async function loadCapture(
  db: Executor,
  p: { outletId: number; captureId: number; policy: OutletPolicy },
): Promise<CaptureRecord | undefined> {
  const [row] = await db.execute<{
    at: string | Date;
    render_mode: string;
    not_modified: boolean;
    previous_id: string | null;
    next_id: string | null;
  }>(sql`
    select c.at, c.render_mode, c.not_modified,
      (select id from frontpage_captures p where p.outlet_id = c.outlet_id and p.outcome = 'ok' and p.at < c.at order by p.at desc limit 1) as previous_id,
      (select id from frontpage_captures n where n.outlet_id = c.outlet_id and n.outcome = 'ok' and n.at > c.at order by n.at limit 1) as next_id
    from frontpage_captures c where c.id = ${p.captureId} and c.outlet_id = ${p.outletId} and c.outcome = 'ok'`);
  if (!row) return undefined;
  const at = time(row.at)!;
  const links = await linksAt(db, p.policy, p.outletId, at, at, false);
  const urls = links.length
    ? await db.execute<{ id: string | number; url: string }>(
        sql`select id, url from articles where id in ${idList(links.map((l) => l.articleId))}`,
      )
    : [];
  const urlOf = new Map(urls.map((u) => [Number(u.id), u.url]));
  return {
    id: p.captureId,
    at,
    renderMode: row.render_mode,
    notModified: row.not_modified,
    previousId: row.previous_id === null ? null : Number(row.previous_id),
    nextId: row.next_id === null ? null : Number(row.next_id),
    links: links.map((l) => ({
      articleId: l.articleId,
      rank: l.rank,
      url: urlOf.get(l.articleId) ?? "",
      headline: l.headline,
      headlineWithheld: l.headlineWithheld,
    })),
  };
}
