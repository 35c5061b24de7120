/**
 * ADM-3 mail: one round of mailing the operator. Reads the attention list (the one definition
 * `/admin/atencion` shows), records its topics, claims those not yet mailed and sends them in
 * one mail (a digest when several arrive at once). A failed send is recorded and retried in a
 * later round; nothing here throws past the round for a mail that failed.
 */
import type { Executor } from "../../db/client";
import { listAttention } from "../../db/admin-attention";
import { errorMessage } from "../../lib/log";
import { composeOperatorMail } from "./mail-text";
import type { SendOperatorMail } from "./mailer";
import { claimDueNotices, markNoticesFailed, markNoticesSent, syncNotices } from "./operator-notices";

/** What a round did. */
export type MailRoundResult = { sent: number } | { sent: 0; failed: number; error: string };

/** Mails the operator what is new on the attention list at `now`. Database errors reject; a failed send does not. */
export async function runMailRound(o: { db: Executor; now: number; send: SendOperatorMail; siteUrl: string }): Promise<MailRoundResult> {
  const { db, now } = o;
  const items = await listAttention(db, now);
  // Several items may share a topic (never today, but the list is free to grow): the first one speaks for it.
  const byTopic = new Map<string, (typeof items)[number]>();
  for (const item of items) if (!byTopic.has(item.topic)) byTopic.set(item.topic, item);
  await syncNotices(db, [...byTopic.keys()], now);
  const due = await claimDueNotices(db, now);
  const toSend = due
    .map((t) => byTopic.get(t))
    .filter((i) => i !== undefined)
    .sort((a, b) => a.since - b.since);
  if (toSend.length === 0) return { sent: 0 };
  const topics = toSend.map((i) => i.topic);
  try {
    await o.send(composeOperatorMail(toSend, o.siteUrl));
  } catch (error) {
    const message = errorMessage(error);
    await markNoticesFailed(db, topics, now, message);
    return { sent: 0, failed: topics.length, error: message };
  }
  await markNoticesSent(db, topics, now);
  return { sent: topics.length };
}
