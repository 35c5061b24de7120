/** `GET /api/v1/front-pages/{outlet}?at=…`: an outlet's front page at an instant (SPEC WEB-3, WEB-5). */
import { loadFrontPageAt } from "../../../db/queries/front-pages/front-page-at";
import { outletIdOf, policyOf, type ApiContext } from "../../../db/open-data/context";
import { notFound } from "../../../db/open-data/errors";
import { FRONT_PAGE_ENDPOINT } from "./front-page-docs";
import { jsonResponse } from "./http";
import { parseQuery } from "../../../db/open-data/params";

const MINUTE_MS = 60_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The front page of `slug` at `at` (now when absent), in the minute it falls in; positions withheld → 404 (PUB-6). */
export async function frontPageEndpoint(ctx: ApiContext, request: Request, slug: string): Promise<Response> {
  const query = parseQuery(new URL(request.url).searchParams, FRONT_PAGE_ENDPOINT.params);
  const outletId = outletIdOf(ctx, slug);
  const policy = policyOf(ctx, outletId);
  if (!policy.positions) throw notFound(`front page of outlet "${slug}" (positions withheld at the publisher's request)`);
  const at = query.at ?? ctx.now;
  const page = await loadFrontPageAt(ctx.db, { outletId, policy, minute: Math.floor(at / MINUTE_MS) * MINUTE_MS, now: ctx.now });
  const state = page.state;
  const since = "since" in state ? state.since : state.kind === "before-first" ? state.firstOk : null;
  return jsonResponse(request, {
    data: {
      outlet: slug,
      at: new Date(at).toISOString(),
      state: state.kind,
      state_since: iso(since),
      captured_at: iso(page.capture),
      previous_capture_at: iso(page.previous),
      next_capture_at: iso(page.next),
      links: page.links.map((l) => ({
        rank: l.rank,
        article_id: l.articleId,
        headline: l.headlineWithheld ? null : l.headline,
        headline_withheld: l.headlineWithheld,
        on_front_page_since: iso(l.since),
        best_rank: l.bestRank,
      })),
    },
  });
}
