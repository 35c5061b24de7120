/**
 * What every open-data answer starts from (SPEC WEB-3, PUB-6): the policies in force
 * and the outlets that may be shown. Outlets under `total` are not in `outlets` at all,
 * so no lookup, filter or export can reach them.
 */
import type { Executor } from "../client";
import { listApiOutlets, type ApiOutletRow } from "./sql/outlets";
import { loadPolicies } from "../policies-in-force";
import type { OutletPolicy, Policies } from "../../lib/policy";
import { notFound } from "./errors";

/** The request's view of the data. */
export interface ApiContext {
  db: Executor;
  policies: Policies;
  /** Outlets that may be shown (not under `total`), by slug. */
  outlets: readonly ApiOutletRow[];
  /** The instant the request is answered at (epoch ms). */
  now: number;
}

/** The policies in force and the outlets that may be shown: the part of a context that can be shared between requests. */
export type ApiScope = Pick<ApiContext, "policies" | "outlets">;

/** Load policies and outlets. */
export async function loadApiScope(db: Executor): Promise<ApiScope> {
  const [policies, outlets] = await Promise.all([loadPolicies(db), listApiOutlets(db)]);
  return { policies, outlets: outlets.filter((o) => !policies.forOutlet(o.id).excluded) };
}

/** Load policies and outlets for one request. */
export async function loadApiContext(db: Executor, now: number): Promise<ApiContext> {
  return { ...(await loadApiScope(db)), db, now };
}

/** Ids of outlets under `total` (for SQL exclusion). */
export function excludedIds(ctx: ApiContext): number[] {
  return [...ctx.policies.excludedOutletIds];
}

/** Ids of outlets whose positions may not be shown: `total` and `sin posición`. */
export function positionlessIds(ctx: ApiContext): number[] {
  const shown = ctx.outlets.filter((o) => !ctx.policies.forOutlet(o.id).positions).map((o) => o.id);
  return [...excludedIds(ctx), ...shown];
}

/**
 * Ids of outlets a search may not reach: `total` and «sin titulares literales». A match, or
 * even a count of matches, would reveal the words of a headline that may not be quoted.
 */
export function unquotableIds(ctx: ApiContext): number[] {
  const withheld = ctx.outlets.filter((o) => !ctx.policies.forOutlet(o.id).headlinesVerbatim).map((o) => o.id);
  return [...excludedIds(ctx), ...withheld];
}

/** The id of a shown outlet by slug; unknown or excluded → 404. */
export function outletIdOf(ctx: ApiContext, slug: string): number {
  const outlet = ctx.outlets.find((o) => o.slug === slug);
  if (!outlet) throw notFound(`outlet "${slug}"`);
  return outlet.id;
}

/** Slug of a shown outlet by id (rows of excluded outlets never reach here). */
export function slugOf(ctx: ApiContext, id: number): string {
  return ctx.outlets.find((o) => o.id === id)?.slug ?? "";
}

/** The policy of an outlet. */
export function policyOf(ctx: ApiContext, outletId: number): OutletPolicy {
  return ctx.policies.forOutlet(outletId);
}
