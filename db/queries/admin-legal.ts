/** Legal notices pasted by the operator (SPEC LEG-1, ADM-2): kept only when the text changed. */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../client";
import { fromSqlTime, sqlTime } from "../sql-time";

/** Store `text` for the outlet unless it equals the latest copy; true when stored. */
export async function pasteLegalNotice(db: Executor, outletId: number, text: string, now: number): Promise<boolean> {
  const sha256 = createHash("sha256").update(text).digest("hex");
  const rows = await db.execute(sql`
    insert into legal_notices (outlet_id, sha256, notice_text, source, captured_at)
    select ${outletId}, ${sha256}, ${text}, 'pegado', ${sqlTime(now)}
    where exists (select 1 from outlets where id = ${outletId})
      and ${sha256} is distinct from (select sha256 from legal_notices where outlet_id = ${outletId} order by captured_at desc, id desc limit 1)
    returning id`);
  return rows.length === 1;
}

/** The two latest copies of each outlet's legal notice, for the diff view. */
export interface LegalNoticePair { outletId: number; outletName: string; latest?: { text: string; at: number; source: string }; previous?: { text: string; at: number } }

/** Every outlet with its latest and previous legal notice. */
export async function listLegalNotices(db: Executor): Promise<LegalNoticePair[]> {
  const rows = await db.execute<{ id: number; name: string; rn: number | null; notice_text: string | null; captured_at: string | null; source: string | null }>(sql`
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
