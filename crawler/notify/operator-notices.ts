/**
 * ADM-3 mail: which attention items the operator has been mailed (`operator_notices`, one row
 * per item topic). Items enter as pending, a worker claims the due ones (several workers may
 * run; `FOR UPDATE SKIP LOCKED` keeps each in one hand), and marks them sent, or failed with a
 * growing delay before the next try. A row leaves when its item leaves the attention list, so
 * a thing that comes back later is mailed again.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

/** How long a claim holds before another worker may take the item (a send that hung). */
const CLAIM_MS = 5 * 60_000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 3_600_000;

/** The delay before the next try after `attempts` failed sends: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Records the topics on the list now (new ones pending) and forgets those that left it. */
export async function syncNotices(db: Executor, topics: string[], now: number): Promise<void> {
  const list = JSON.stringify(topics);
  await db.execute(sql`
    insert into operator_notices (key, first_seen_at, next_attempt_at)
    select t, ${sqlTime(now)}, ${sqlTime(now)} from jsonb_array_elements_text(${list}::jsonb) as t
    on conflict (key) do nothing`);
  await db.execute(sql`
    delete from operator_notices where key not in (select jsonb_array_elements_text(${list}::jsonb))`);
}

/** Takes the pending topics whose time has come and no other worker holds. */
export async function claimDueNotices(db: Executor, now: number): Promise<string[]> {
  const rows = await db.execute<{ key: string }>(sql`
    update operator_notices set claimed_until = ${sqlTime(now + CLAIM_MS)}
    where key in (
      select key from operator_notices
      where sent_at is null and next_attempt_at <= ${sqlTime(now)} and (claimed_until is null or claimed_until <= ${sqlTime(now)})
      for update skip locked)
    returning key`);
  return rows.map((r) => r.key).sort();
}

/** The SMTP server accepted the mail that carried these topics. */
export async function markNoticesSent(db: Executor, topics: string[], now: number): Promise<void> {
  await db.execute(sql`
    update operator_notices set sent_at = ${sqlTime(now)}, claimed_until = null, last_error = null
    where key in (select jsonb_array_elements_text(${JSON.stringify(topics)}::jsonb))`);
}

/** The send failed: released, to be tried again after `retryDelayMs(attempts)`. */
export async function markNoticesFailed(db: Executor, topics: string[], now: number, error: string): Promise<void> {
  const list = JSON.stringify(topics);
  await db.execute(sql`
    update operator_notices set attempts = attempts + 1, claimed_until = null, last_error = ${error.slice(0, 300)},
      next_attempt_at = ${sqlTime(now)}::timestamptz + least(${MAX_RETRY_MS}::bigint, ${FIRST_RETRY_MS}::bigint * (2 ^ attempts)::bigint) * interval '1 millisecond'
    where key in (select jsonb_array_elements_text(${list}::jsonb))`);
}
