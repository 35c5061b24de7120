/**
 * The per-address attempt slots of the operator's login, setup and recovery (SPEC ADM-1,
 * rules in lib/admin/throttle.ts). Attempts are rows of `form_submissions` under the
 * address's daily-salted hash: `<form>` for each attempt, `<form>-failed` for each wrong
 * secret, `<form>-ok` for a right one. An attempt takes its slot under a transaction-scoped
 * advisory lock on the address, so ten parallel guesses get one slot, not ten checks.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { FAILURE_MEMORY_MS, loginWaitMs, PER_ADDRESS_WINDOW_MS } from "../../../lib/admin/throttle";
import { fromSqlTime, sqlTime } from "../../sql-time";
import { lockFormAddress } from "../forms/address-lock";

/** The form whose attempts are counted: the login, the first-run setup, the recovery. */
export type GuardedForm = "login" | "setup" | "recovery";

/** Take an attempt slot for `addressKey`, or learn how long it must wait. */
export async function takeAttemptSlot(
  db: Db,
  p: { form: GuardedForm; addressKey: string; now: number },
): Promise<{ ok: true } | { ok: false; waitMs: number }> {
  return db.transaction(async (tx) => {
    await lockFormAddress(tx, p.form, p.addressKey);
    const since = sqlTime(p.now - FAILURE_MEMORY_MS);
    const [row] = await tx.execute<{ last_attempt: string | null; failures: number; in_window: number }>(sql`
      with mine as (
        select form, at from form_submissions
        where address_hash = ${p.addressKey} and form in (${p.form}, ${`${p.form}-failed`}, ${`${p.form}-ok`}) and at > ${since}
      ), cleared as (select max(at) as at from mine where form = ${`${p.form}-ok`})
      select
        (select max(at) from mine where form = ${p.form}) as last_attempt,
        (select count(*)::int from mine, cleared where mine.form = ${`${p.form}-failed`} and (cleared.at is null or mine.at > cleared.at)) as failures,
        (select count(*)::int from mine where form = ${p.form} and at > ${sqlTime(p.now - PER_ADDRESS_WINDOW_MS)}) as in_window`);
    const lastAttemptAt = fromSqlTime(row?.last_attempt);
    const waitMs = loginWaitMs({ lastAttemptAt, failures: row?.failures ?? 0, inWindow: row?.in_window ?? 0 }, p.now);
    if (waitMs > 0) return { ok: false as const, waitMs };
    await tx.execute(sql`insert into form_submissions (form, address_hash, at) values (${p.form}, ${p.addressKey}, ${sqlTime(p.now)})`);
    return { ok: true as const };
  });
}

/** Record how an attempt ended: a wrong secret slows the address down, a right one clears it. */
export async function recordAttemptOutcome(db: Db, p: { form: GuardedForm; addressKey: string; now: number; ok: boolean }): Promise<void> {
  await db.execute(
    sql`insert into form_submissions (form, address_hash, at) values (${`${p.form}-${p.ok ? "ok" : "failed"}`}, ${p.addressKey}, ${sqlTime(p.now)})`,
  );
}
