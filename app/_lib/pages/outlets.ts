/**
 * The public outlet directory ("Cabeceras"): minimal DTOs of the outlets we follow,
 * never raw rows (docs/style.md §15).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { outlets } from "../../../db/schema";
import type { Policies } from "../../../lib/policy";

/** What the directory shows of an outlet. */
export interface OutletSummary {
  slug: string;
  name: string;
  homepage: string;
  /** The home page's host, for a short link text. */
  homepageHost: string;
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

const withHost = (o: Omit<OutletSummary, "homepageHost">): OutletSummary => ({ ...o, homepageHost: hostOf(o.homepage) });

const summary = { id: outlets.id, slug: outlets.slug, name: outlets.name, homepage: outlets.homepage };

const shown =
  (policies: Policies) =>
  ({ id, ...rest }: { id: number } & Omit<OutletSummary, "homepageHost">) =>
    policies.forOutlet(id).excluded ? [] : [withHost(rest)];

/** Active outlets not excluded in full (PUB-6), in Spanish alphabetical order of their names. */
export async function listActiveOutlets(db: Db, policies: Policies): Promise<OutletSummary[]> {
  const rows = await db.select(summary).from(outlets).where(eq(outlets.active, true)).orderBy(asc(outlets.slug));
  return rows.flatMap(shown(policies)).sort((a, b) => a.name.localeCompare(b.name, "es", { sensitivity: "base" }));
}
