/** Small counts the public pages show (home page figures). */
import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { outlets } from "../schema";
import { loadPolicies } from "../policies-in-force";

/** Number of outlets currently followed and shown: active, not excluded in full (PUB-6). */
export async function countActiveOutlets(db: Db): Promise<number> {
  const [rows, policies] = await Promise.all([
    db.select({ id: outlets.id }).from(outlets).where(eq(outlets.active, true)),
    loadPolicies(db),
  ]);
  return rows.filter((r) => !policies.forOutlet(r.id).excluded).length;
}
