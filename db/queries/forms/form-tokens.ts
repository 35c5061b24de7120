/**
 * Public form tokens are spent once (SPEC SEC-2): a token (lib/forms/guard.ts) is good for
 * two hours, and a bot that fetched one page could otherwise post with it all that time.
 * A form that stores something records its token's hash in `form_submissions`; the same
 * token again is refused.
 */
import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { MAX_FORM_AGE_MS } from "../../../lib/forms/guard";
import { sqlTime } from "../../sql-time";

/**
 * Spend `token` of `form`: true the first time, false when it was already used. Two posts
 * of one token at the same instant must not both pass: the second waits on a lock held by
 * the first until it commits, then sees its row.
 */
export async function spendFormToken(db: Pick<Db, "transaction">, form: string, token: string, now: number): Promise<boolean> {
  const hash = createHash("sha256").update(token).digest("hex").slice(0, 32);
  const kind = `spent:${form}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind} ${hash}`}, 0))`);
    const [row] = await tx.execute<{ n: number }>(sql`
      with spent as (
        insert into form_submissions (form, address_hash, at)
        select ${kind}, ${hash}, ${sqlTime(now)}
        where not exists (select 1 from form_submissions where form = ${kind} and address_hash = ${hash} and at > ${sqlTime(now - MAX_FORM_AGE_MS)})
        returning 1)
      select count(*)::int as n from spent`);
    return (row?.n ?? 0) === 1;
  });
}
