/** Outlets for the open-data API (SPEC WEB-3): every outlet row, small enough to load per request. */
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";

/** What the API reads of an outlet. */
export type ApiOutletRow = {
  id: number;
  slug: string;
  name: string;
  country: string;
  language: string;
  /** Declared groups (docs/outlet-groups.md); derived ones are added where they are published. */
  groups: string[];
  timezone: string;
  homepage: string;
  render_mode: string;
  active: boolean;
};

/** Every outlet, by slug. Callers drop the ones under `total` (PUB-6). */
export async function listApiOutlets(db: Executor): Promise<ApiOutletRow[]> {
  const rows = await db.execute<ApiOutletRow>(sql`
    select id, slug, name, country, language, groups, timezone, homepage, render_mode::text as render_mode, active
    from outlets order by slug`);
  return rows.map((r) => ({ ...r, id: Number(r.id), groups: r.groups ?? [] }));
}
