/** Attention over time for /buscar, its downloads and the API (SPEC WEB-9): the read model's counts shaped into rows, with the scopes applied (PUB-6). */
import "server-only";
import type { Executor } from "../../../db/client";
import { loadAttentionCounts, loadOutletDayTotals } from "../../../db/queries/site/attention-series";
import { attentionRows, daysOf, type AttentionRequest, type AttentionRow } from "../../../lib/pages/attention";
import type { Policies } from "../../../lib/policy";
import { loadGroupFilter } from "../../../db/queries/site/outlet-groups";
import { sharedReads, type SharedReads } from "../../../db/queries/site/shared-reads";

/** The series of every search of `request`, and the outlets that could not be searched. */
export interface Attention {
  request: AttentionRequest;
  days: string[];
  /** One entry per search, in the request's order. */
  series: { query: string; rows: AttentionRow[] }[];
  /** Outlet names by slug, for tables and legends. */
  names: Map<string, string>;
  /** Outlets left out because of their requests (said on the page). */
  outletsNotSearched: number;
  /** The asked outlet is unknown or may not be searched. */
  unknownOutlet: boolean;
}

/** Load the series for `request`. */
export async function loadAttention(
  db: Executor,
  policies: Policies,
  request: AttentionRequest,
  reads: SharedReads = sharedReads(db),
): Promise<Attention> {
  const outlets = await reads.activeOutlets();
  // A group narrows the outlets before anything is counted, so its series reads only its members' rows.
  const members = await loadGroupFilter(db, policies, request.group, reads);
  const visible = outlets.filter((o) => !policies.forOutlet(o.id).excluded && (members === undefined || members.ids.includes(o.id)));
  const searchable = new Map(visible.filter((o) => policies.forOutlet(o.id).headlinesVerbatim).map((o) => [o.id, o.slug]));
  const positionsShown = new Set(visible.filter((o) => policies.forOutlet(o.id).positions).map((o) => o.id));
  const outletId = request.outlet === undefined ? undefined : [...searchable].find(([, slug]) => slug === request.outlet)?.[0];
  const unknownOutlet = request.outlet !== undefined && outletId === undefined;
  const days = daysOf(request.from, request.to);
  const counts = unknownOutlet
    ? request.queries.map(() => [])
    : await Promise.all(
        request.queries.map(async (q) =>
          loadAttentionCounts(db, {
            q,
            from: request.from,
            to: request.to,
            searchable,
            positionsShown,
            outletId,
            terms: await reads.searchTerms(q),
          }),
        ),
      );
  // The share's denominator is every searched outlet's articles, so that the total's share
  // means the same for every search compared.
  const searched = new Map([...searchable].filter(([id]) => outletId === undefined || id === outletId));
  const totals = unknownOutlet
    ? new Map<string, Float64Array>()
    : await loadOutletDayTotals(db, { outlets: searched, from: request.from, to: request.to });
  const shownSlugs = new Set([...positionsShown].map((id) => searchable.get(id)).filter((s): s is string => s !== undefined));
  return {
    request,
    days,
    series: request.queries.map((query, i) => ({
      query,
      rows: attentionRows({ query, days, counts: counts[i]!, totals, positionsShown: (slug) => shownSlugs.has(slug) }),
    })),
    names: new Map(visible.map((o) => [o.slug, o.name])),
    outletsNotSearched: visible.length - searchable.size,
    unknownOutlet,
  };
}
