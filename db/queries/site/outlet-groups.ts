/**
 * Read model of outlet groups (docs/outlet-groups.md): which outlets a group holds, and the
 * groups of the visible outlets with their counts. The outlets table is tens of rows, so a
 * group resolves to ids here, once, and every filtered query narrows by those ids on the
 * indexes it already uses (no filter scans a period's rows).
 */
import "server-only";
import { compareGroups, groupLabel } from "../../../lib/outlet-groups";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { sharedReads, type ActiveOutlet, type SharedReads } from "./shared-reads";

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

/** The active outlets not excluded in full (PUB-6), with their groups. */
async function visibleOutlets(policies: Policies, reads: SharedReads): Promise<ActiveOutlet[]> {
  return (await reads.activeOutlets()).filter((o) => !policies.forOutlet(o.id).excluded);
}

/** The groups of the visible outlets, with how many outlets each holds, in the list's order. */
export async function loadGroupCounts(db: Executor, policies: Policies, reads: SharedReads = sharedReads(db)): Promise<GroupCount[]> {
  const counts = new Map<string, number>();
  for (const o of await visibleOutlets(policies, reads)) for (const g of o.groups) counts.set(g, (counts.get(g) ?? 0) + 1);
  return [...counts.keys()].sort(compareGroups).map((group) => ({ group, label: groupLabel(group), outlets: counts.get(group)! }));
}

/** The visible outlets of `group` (none when no outlet is in it). */
export async function loadGroupMembers(
  db: Executor,
  policies: Policies,
  group: string,
  reads: SharedReads = sharedReads(db),
): Promise<GroupMembers> {
  const members = (await visibleOutlets(policies, reads)).filter((o) => o.groups.includes(group));
  return { group, label: groupLabel(group), ids: members.map((m) => m.id), slugs: new Set(members.map((m) => m.slug)) };
}

/** The members of `group`, or undefined when no group is asked for: what a page's optional filter needs. */
export async function loadGroupFilter(
  db: Executor,
  policies: Policies,
  group: string | undefined,
  reads: SharedReads = sharedReads(db),
): Promise<GroupMembers | undefined> {
  return group === undefined ? undefined : loadGroupMembers(db, policies, group, reads);
}
