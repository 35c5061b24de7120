/**
 * Read model of outlet groups (docs/outlet-groups.md): which outlets a group holds, and the
 * groups of the visible outlets with their counts. The outlets table is tens of rows, so a
 * group resolves to ids here, once, and every filtered query narrows by those ids on the
 * indexes it already uses (no filter scans a period's rows).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { compareGroups, groupLabel, outletGroups } from "../../../lib/outlet-groups";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";

/** An active outlet and all its groups, declared and derived. */
export interface OutletWithGroups {
  id: number;
  slug: string;
  groups: string[];
}

/** A group as a list shows it. */
export interface GroupCount {
  group: string;
  label: string;
  /** Visible outlets in the group. */
  outlets: number;
}

/** The outlets a filter keeps: a group's members, by id and slug. */
export interface GroupMembers {
  group: string;
  label: string;
  ids: number[];
  slugs: Set<string>;
}

/** Every active outlet not excluded in full (PUB-6) with its groups. */
export async function loadOutletsWithGroups(db: Executor, policies: Policies): Promise<OutletWithGroups[]> {
  const rows = await db.execute<{ id: number; slug: string; country: string; language: string; groups: string[] | null }>(
    sql`select id, slug, country, language, groups from outlets where active order by slug`,
  );
  return rows
    .filter((r) => !policies.forOutlet(r.id).excluded)
    .map((r) => ({ id: r.id, slug: r.slug, groups: outletGroups({ country: r.country, language: r.language, groups: r.groups ?? [] }) }));
}

/** The groups of the visible outlets, with how many outlets each holds, in the list's order. */
export async function loadGroupCounts(db: Executor, policies: Policies): Promise<GroupCount[]> {
  const counts = new Map<string, number>();
  for (const o of await loadOutletsWithGroups(db, policies)) for (const g of o.groups) counts.set(g, (counts.get(g) ?? 0) + 1);
  return [...counts.keys()].sort(compareGroups).map((group) => ({ group, label: groupLabel(group), outlets: counts.get(group)! }));
}

/** The visible outlets of `group` (none when no outlet is in it). */
export async function loadGroupMembers(db: Executor, policies: Policies, group: string): Promise<GroupMembers> {
  const members = (await loadOutletsWithGroups(db, policies)).filter((o) => o.groups.includes(group));
  return { group, label: groupLabel(group), ids: members.map((m) => m.id), slugs: new Set(members.map((m) => m.slug)) };
}

/** The members of `group`, or undefined when no group is asked for: what a page's optional filter needs. */
export async function loadGroupFilter(db: Executor, policies: Policies, group: string | undefined): Promise<GroupMembers | undefined> {
  return group === undefined ? undefined : loadGroupMembers(db, policies, group);
}
