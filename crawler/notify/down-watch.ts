/**
 * Which worker tells the operator that the database is down (ADM-3). The mail is sent from
 * memory, when the database can no longer be asked, so the choice is made while it can: each
 * mail round, a worker takes or keeps the watch (a row of `app_state` held for `forMs`), and
 * only the worker that held it at its last good round mails the outage. N workers, one mail;
 * if the holder dies, another takes the watch once its hold has run out.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

const KEY = "database-down-watch";

/** Take or keep the watch for `workerId` until `now + forMs`; whether this worker holds it. */
export async function holdDownWatch(db: Executor, p: { workerId: string; now: number; forMs: number }): Promise<boolean> {
  const until = sqlTime(p.now + p.forMs);
  const rows = await db.execute(sql`
    insert into app_state (key, value, updated_at) values (${KEY}, jsonb_build_object('worker', ${p.workerId}::text, 'until', ${until}::text), ${sqlTime(p.now)})
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
      where app_state.value->>'worker' = ${p.workerId}::text or (app_state.value->>'until')::timestamptz <= ${sqlTime(p.now)}::timestamptz
    returning key`);
  return rows.length > 0;
}
