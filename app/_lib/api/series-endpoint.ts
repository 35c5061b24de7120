/**
 * `GET /api/v1/series`: attention over time for one search (SPEC WEB-9): per peninsular day, the
 * matching articles of every outlet together and of each, their share of the outlet's articles
 * and the prominence-minutes they got (DER-9), with the scopes applied (PUB-6).
 */
import { loadAttention } from "../pages/attention";
import { DATASET_VERSION } from "../../../lib/dataset-version";
import { DEFAULT_DAYS, seriesRecord } from "../../../lib/pages/attention";
import { MAX_PERIOD_DAYS } from "../../../lib/pages/outlet-period";
import { dayValue, shiftDay } from "../../../lib/pages/peninsular-time";
import type { ApiContext } from "../../../db/open-data/context";
import { badParameter, notFound } from "../../../db/open-data/errors";
import { jsonResponse } from "./http";
import { SERIES_PARAMS } from "./docs";
import { parseQuery } from "../../../db/open-data/params";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The series of `q` over `from`…`to` (peninsular days: `to` excluded, as everywhere in the API). */
export async function seriesEndpoint(ctx: ApiContext, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = parseQuery(params, SERIES_PARAMS);
  if (query.q === undefined) throw badParameter("q", "q is required");
  // Days are peninsular days here (the series counts by them); an instant stands for its day.
  const dayOf = (name: "from" | "to", ms: number) => (DAY.test(params.get(name) ?? "") ? params.get(name)! : dayValue(ms));
  const to = query.to !== undefined ? shiftDay(dayOf("to", query.to), -1) : dayValue(ctx.now);
  const from = query.from !== undefined ? dayOf("from", query.from) : shiftDay(to, -(DEFAULT_DAYS - 1));
  if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) >= MAX_PERIOD_DAYS * 86_400_000) {
    throw badParameter("from", `a series covers at most ${MAX_PERIOD_DAYS} days; narrow from/to`);
  }
  const attention = await loadAttention(ctx.db, ctx.policies, { queries: [query.q], from, to, outlet: query.outlet, group: query.group });
  if (attention.unknownOutlet) throw notFound(`outlet "${query.outlet}"`);
  return jsonResponse(request, {
    version: DATASET_VERSION,
    query: query.q,
    from,
    to,
    outlets_not_searched: attention.outletsNotSearched,
    data: attention.series[0]!.rows.map(seriesRecord),
  });
}
