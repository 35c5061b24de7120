/** The outlet a page is about, when the policy lets us show it (PUB-6: `total` is a 404). */
import "server-only";
import { sql } from "drizzle-orm";
import type { OutletPolicy, Policies } from "../../../lib/policy";
import type { Executor } from "../../client";

/** What every outlet section needs to know about the outlet. */
export interface VisibleOutlet {
  id: number;
  slug: string;
  name: string;
  homepage: string;
  timezone: string;
  renderMode: "static" | "browser";
  policy: OutletPolicy;
}

/** The active outlet `slug`, unless it is unknown, inactive or under `total`. */
export async function findVisibleOutlet(db: Executor, policies: Policies, slug: string): Promise<VisibleOutlet | undefined> {
  const [row] = await db.execute<{
    id: number;
    slug: string;
    name: string;
    homepage: string;
    timezone: string;
    render_mode: "static" | "browser";
  }>(sql`
    select id, slug, name, homepage, timezone, render_mode from outlets where slug = ${slug} and active`);
  if (!row) return undefined;
  const policy = policies.forOutlet(row.id);
  if (policy.excluded) return undefined;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    homepage: row.homepage,
    timezone: row.timezone,
    renderMode: row.render_mode,
    policy,
  };
}
