/**
 * Several outlets' front pages at one minute, side by side (SPEC WEB-5): each outlet's page
 * as front-page-at.ts reads it (without best ranks), the first links of each, and the
 * stories found in more than one column, with their names (our key terms, DER-5).
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { loadFrontPageAt, type FrontPageAtMinute } from "./front-page-at";
import { findVisibleOutlet, type VisibleOutlet } from "../outlet-page/outlet";
import { idList } from "../../figures/page-sql";

/** Links shown per column. */
export const SIDE_BY_SIDE_LINKS = 20;

/** One column: an outlet and its front page at the minute (null when it asked that positions not be shown, PUB-6). */
export interface SideBySideColumn {
  outlet: VisibleOutlet;
  page: FrontPageAtMinute | null;
}

/** The comparison: columns in the order asked, slugs that name no visible outlet, and the names of the stories in the columns. */
export interface SideBySide {
  columns: SideBySideColumn[];
  unknown: string[];
  storyNames: Map<number, string[]>;
}

/** The front pages of `slugs` at the minute starting at `minute`, the first SIDE_BY_SIDE_LINKS links of each. */
export async function loadSideBySide(
  db: Executor,
  policies: Policies,
  p: { slugs: readonly string[]; minute: number; now: number },
): Promise<SideBySide> {
  const outlets = await Promise.all(p.slugs.map((slug) => findVisibleOutlet(db, policies, slug)));
  const unknown = p.slugs.filter((_, i) => !outlets[i]);
  const columns = await Promise.all(
    outlets
      .filter((o): o is VisibleOutlet => o !== undefined)
      .map(async (outlet) => {
        if (!outlet.policy.positions) return { outlet, page: null };
        const page = await loadFrontPageAt(db, {
          outletId: outlet.id,
          policy: outlet.policy,
          minute: p.minute,
          now: p.now,
          bestRank: false,
        });
        return { outlet, page: { ...page, links: page.links.slice(0, SIDE_BY_SIDE_LINKS) } };
      }),
  );
  const storyIds = [
    ...new Set(columns.flatMap((c) => c.page?.links.map((l) => l.storyId) ?? []).filter((id): id is number => id !== null)),
  ];
  const names =
    storyIds.length === 0
      ? []
      : await db.execute<{ id: string | number; key_terms: string[] }>(sql`
    select id, key_terms from stories where id in ${idList(storyIds)}`);
  return { columns, unknown, storyNames: new Map(names.map((r) => [Number(r.id), r.key_terms])) };
}
