/** Replies an outlet sent us, once published (SPEC PUB-4): in full, exactly as sent. */
import "server-only";
import { shownText } from "../../../lib/pages/shown-text";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { time } from "../../figures/page-sql";

/** One published reply. */
export interface PublishedReply {
  id: number;
  author: string;
  text: string;
  receivedAt: number;
  publishedAt: number;
}

/** The outlet's published replies, newest first. */
export async function loadPublishedReplies(db: Executor, outletId: number): Promise<PublishedReply[]> {
  const rows = await db.execute<{
    id: number;
    author: string;
    reply_text: string;
    received_at: string | Date;
    published_at: string | Date;
  }>(sql`
    select id, author, reply_text, received_at, published_at from replies
    where outlet_id = ${outletId} and published_at is not null and rejected_at is null
    order by published_at desc, id desc`);
  return rows.map((r) => ({
    id: r.id,
    author: shownText(r.author),
    text: shownText(r.reply_text),
    receivedAt: time(r.received_at)!,
    publishedAt: time(r.published_at)!,
  }));
}
