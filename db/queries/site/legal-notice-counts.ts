/**
 * How many active outlets have a legal-notice address to re-read (SPEC LEG-1, SCH-5), so `/bot`
 * states the monthly reading for the outlets it covers and not for every outlet.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";

export interface LegalNoticeCounts {
  /** Active outlets with a legal-notice address. */
  withAddress: number;
  active: number;
}

export async function countLegalNotices(db: Executor): Promise<LegalNoticeCounts> {
  const [row] = await db.execute<{ with_address: number; active: number }>(sql`
    select count(*) filter (where legal_notice is not null)::int as with_address, count(*)::int as active
      from outlets
     where active`);
  return { withAddress: row?.with_address ?? 0, active: row?.active ?? 0 };
}
