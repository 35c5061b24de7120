/** Small counts the public pages show (home page figures). */
import { count, eq } from "drizzle-orm";
import type { Db } from "../client";
import { outlets } from "../schema";

/** Number of outlets currently followed (active). */
export async function countActiveOutlets(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outlets).where(eq(outlets.active, true));
  return row?.n ?? 0;
}
