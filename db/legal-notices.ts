/** Legal notices, read monthly by the crawler or pasted by the operator (SPEC LEG-1, ADM-2): kept only when the text changed. */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { parseRobots } from "../lib/robots/robots";
import type { Executor } from "./client";
import { fromSqlTime, sqlTime } from "./sql-time";

/** Store `text` pasted by the operator unless it equals the latest copy; true when stored. */
export async function pasteLegalNotice(db: Executor, outletId: number, text: string, now: number): Promise<boolean> {
  return saveLegalNotice(db, { outletId, text, now, source: "pegado" });
}

/** Store a legal notice (pasted, or read by the crawler) unless it equals the outlet's latest copy; true when stored. */
export async function saveLegalNotice(
  db: Executor,
  p: { outletId: number; text: string; now: number; source: "pegado" | "rastreador" },
): Promise<boolean> {
  const { outletId, text, now } = p;
  const sha256 = createHash("sha256").update(text).digest("hex");
  const rows = await db.execute(sql`
    insert into legal_notices (outlet_id, sha256, notice_text, source, captured_at)
    select ${outletId}, ${sha256}, ${text}, ${p.source}, ${sqlTime(now)}
    where exists (select 1 from outlets where id = ${outletId})
      and ${sha256} is distinct from (select sha256 from legal_notices where outlet_id = ${outletId} order by captured_at desc, id desc limit 1)
    returning id`);
  return rows.length === 1;
}

/** The two latest copies of each outlet's legal notice, for the diff view. */
export interface LegalNoticePair {
  outletId: number;
  outletName: string;
  latest?: { text: string; at: number; source: string };
  previous?: { text: string; at: number };
}

/** Every outlet with its latest and previous legal notice. */
export async function listLegalNotices(db: Executor): Promise<LegalNoticePair[]> {
  const rows = await db.execute<{
    id: number;
    name: string;
    rn: number | null;
    notice_text: string | null;
    captured_at: string | null;
    source: string | null;
  }>(sql`
    select o.id, o.name, l.rn, l.notice_text, l.captured_at, l.source from outlets o
    left join lateral (
      select notice_text, captured_at, source, row_number() over (order by captured_at desc, id desc)::int as rn
      from legal_notices where outlet_id = o.id order by captured_at desc, id desc limit 2) l on true
    order by o.name, o.id, l.rn`);
  const byOutlet = new Map<number, LegalNoticePair>();
  for (const r of rows) {
    const pair = byOutlet.get(r.id) ?? { outletId: r.id, outletName: r.name };
    if (r.rn === 1) pair.latest = { text: r.notice_text!, at: fromSqlTime(r.captured_at)!, source: r.source! };
    if (r.rn === 2) pair.previous = { text: r.notice_text!, at: fromSqlTime(r.captured_at)! };
    byOutlet.set(r.id, pair);
  }
  return [...byOutlet.values()];
}

/** Whether the crawler can read an outlet's legal notice (LEG-1), or the operator must paste it. */
export type LegalNoticeAccess = "reads" | "robots" | "blocked" | "no-url" | "not-yet";

/** Per outlet: can the bot read its legal notice? A robots.txt that disallows it, or a block, means never by automation. */
export async function legalNoticeAccess(db: Executor, productToken: string): Promise<Map<number, LegalNoticeAccess>> {
  const rows = await db.execute<{
    id: number;
    url: string | null;
    closed_since: string | null;
    last_success_at: string | null;
    robots_txt: string | null;
    robots_access: string | null;
  }>(sql`
    select o.id, s.url, s.closed_since, s.last_success_at, v.robots_txt, h.robots_access
    from outlets o
    left join sources s on s.outlet_id = o.id and s.kind = 'legal' and s.active
    left join hosts h on h.host = substring(s.url from '^[a-z]+://[^/?#]+')
    left join robots_versions v on v.id = h.robots_version_id`);
  const out = new Map<number, LegalNoticeAccess>();
  for (const r of rows) {
    if (out.get(r.id) === "reads") continue;
    const access: LegalNoticeAccess = !r.url
      ? "no-url"
      : r.closed_since
        ? "blocked"
        : r.robots_access === "disallow-all" || (r.robots_txt !== null && !parseRobots(r.robots_txt).isAllowed(r.url, productToken))
          ? "robots"
          : r.last_success_at
            ? "reads"
            : "not-yet";
    out.set(r.id, access);
  }
  return out;
}
