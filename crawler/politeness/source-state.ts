/**
 * What the closed-resource gate and a source poll read before a request (SPEC BLK-1, BLK-2):
 * a source's failure state and its site's probe state. The writes are the recorder's
 * (crawler/record/sources.ts).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";

/** A source's failure state and its site's probe state. */
export type SourceState = {
  closed_since: string | Date | null;
  consecutive_failures: number;
  failing_since: string | Date | null;
  stop_probing: boolean | null;
  last_probe_at: string | Date | null;
};

/** The source's failure state and its site's probe state, as stored. */
export async function sourceState(db: Executor, p: { sourceId: number; domain: string }): Promise<SourceState> {
  const [row] = await db.execute<SourceState>(sql`
    select s.closed_since, s.consecutive_failures, s.failing_since, st.stop_probing, st.last_probe_at
    from sources s left join sites st on st.domain = ${p.domain} where s.id = ${p.sourceId}`);
  return row!;
}
