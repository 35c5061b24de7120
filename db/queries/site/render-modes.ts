/**
 * How many active outlets have their front page read in each mode (SPEC EXT-3): from static
 * HTML or laid out by the automated browser. `/bot` and `/estado` state it.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";

export interface RenderModeCounts {
  static: number;
  browser: number;
}

export async function countRenderModes(db: Executor): Promise<RenderModeCounts> {
  const [row] = await db.execute<{ static: number; browser: number }>(sql`
    select count(*) filter (where render_mode = 'static')::int as static,
           count(*) filter (where render_mode = 'browser')::int as browser
      from outlets
     where active`);
  return { static: row?.static ?? 0, browser: row?.browser ?? 0 };
}
