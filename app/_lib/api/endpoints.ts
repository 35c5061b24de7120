/**
 * The JSON endpoints of the open-data API (SPEC WEB-3): lists with keyset pages and
 * details by id or slug. Each takes the request context and the request, and returns
 * a Response; `route.ts` files only wire them to Next.js.
 */
import { pageApiHeadlineVersions } from "../../../db/open-data/sql/headline-versions";
import { pageApiRankSpans } from "../../../db/open-data/sql/rank-spans";
import { loadAgencyFrontShare } from "../../../db/figures/outlet-page/agency-front-share";
import { loadAgencyGenealogy } from "../../../db/queries/stories/agency-genealogy";
import { rankHistory } from "../../../db/figures/api/front-pages";
import { loadOutletSilences } from "../../../db/figures/outlet-page/silences";
import { agencyFrontRecord, genealogyRecord, silencesRecord } from "./analysis-records";
import { excludedIds, outletIdOf, policyOf, positionlessIds, withGroup, type ApiContext } from "../../../db/open-data/context";
import { decodeCursor, encodeCursor } from "../../../db/open-data/cursor";
import { findArticle, articlesDataset } from "../../../db/open-data/datasets/articles";
import { loadVersionTraitRecords } from "../../../db/open-data/datasets/headline-traits";
import { headlineVersionRecord } from "../../../db/open-data/datasets/headline-versions";
import { outletRecord } from "../../../db/open-data/datasets/outlets";
import { rankSpanRecord } from "../../../db/open-data/datasets/rank-spans";
import { findStory } from "../../../db/open-data/datasets/stories";
import type { Dataset } from "../../../db/open-data/datasets/types";
import { notFound } from "../../../db/open-data/errors";
import { jsonResponse } from "./http";
import { parseId, parseQuery } from "../../../db/open-data/params";

/** Most versions and spans listed inside one article. */
const DETAIL_MAX = 2000;
/** Most articles listed inside one story. */
const STORY_ARTICLES_MAX = 500;

/** GET /api/v1/<dataset>: one page, with the cursor and link of the next. */
export async function listEndpoint(ctx: ApiContext, request: Request, dataset: Dataset): Promise<Response> {
  const url = new URL(request.url);
  const query = parseQuery(url.searchParams, dataset.params);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, dataset.cursorLength);
  const page = await dataset.page(withGroup(ctx, query.group), query, after, query.limit);
  const cursor = page.next ? encodeCursor(page.next) : null;
  let next: string | null = null;
  if (cursor) {
    const params = new URLSearchParams(url.searchParams);
    params.set("cursor", cursor);
    next = `${url.pathname}?${params.toString()}`;
  }
  const body = { data: page.items, pagination: dataset.cursorLength === 0 ? null : { limit: query.limit, next_cursor: cursor, next } };
  return jsonResponse(request, body, next ? { Link: `<${next}>; rel="next"` } : {});
}

/** GET /api/v1/outlets/<slug>: the outlet, its daily agency share of the front page (DER-10) and its silences (DER-11). */
export async function outletEndpoint(ctx: ApiContext, request: Request, slug: string): Promise<Response> {
  parseQuery(new URL(request.url).searchParams, []);
  const id = outletIdOf(ctx, slug);
  const [share, silences] = await Promise.all([
    policyOf(ctx, id).positions ? loadAgencyFrontShare(ctx.db, id, { now: ctx.now }) : null,
    loadOutletSilences(ctx.db, ctx.policies, { outletId: id, now: ctx.now }),
  ]);
  return jsonResponse(request, {
    data: {
      ...outletRecord(
        ctx,
        ctx.outlets.find((o) => o.id === id)!,
      ),
      agency_front_page_share: share && agencyFrontRecord(share),
      silences: silencesRecord(silences),
    },
  });
}

/** GET /api/v1/articles/<id>: the article, its headline history and (unless withheld) its rank spans. */
export async function articleEndpoint(ctx: ApiContext, request: Request, idText: string): Promise<Response> {
  parseQuery(new URL(request.url).searchParams, []);
  const id = parseId(idText, "id");
  const article = await findArticle(ctx, id);
  if (!article) throw notFound(`article ${id}`);
  const outletId = ctx.outlets.find((o) => o.slug === article.outlet)!.id;
  const [versions, traits] = await Promise.all([
    pageApiHeadlineVersions(ctx.db, { excluded: excludedIds(ctx), articleId: id, limit: DETAIL_MAX }),
    loadVersionTraitRecords(ctx, [{ article_id: id, outlet_id: outletId }]),
  ]);
  const positions = policyOf(ctx, outletId).positions;
  const [spans, history] = positions
    ? await Promise.all([
        pageApiRankSpans(ctx.db, { hidden: positionlessIds(ctx), articleId: id, limit: DETAIL_MAX }),
        rankHistory(ctx.db, id),
      ])
    : [[], []];
  return jsonResponse(request, {
    data: {
      ...article,
      headline_history: versions.map((v) => headlineVersionRecord(ctx, v, traits)),
      rank_spans: spans.map((s) => rankSpanRecord(ctx, s)),
      rank_history: history.map((h) => ({ rank: h.rank, from: new Date(h.from).toISOString(), to: new Date(h.to).toISOString() })),
    },
  });
}

/** GET /api/v1/stories/<id>: the story, its shown articles and its agency genealogy (DER-10). */
export async function storyEndpoint(ctx: ApiContext, request: Request, idText: string): Promise<Response> {
  parseQuery(new URL(request.url).searchParams, []);
  const id = parseId(idText, "id");
  const story = await findStory(ctx, id);
  if (!story) throw notFound(`story ${id}`);
  const [page, genealogy] = await Promise.all([
    articlesDataset.page(ctx, { story: id, limit: STORY_ARTICLES_MAX }, undefined, STORY_ARTICLES_MAX),
    loadAgencyGenealogy(ctx.db, ctx.policies, id),
  ]);
  return jsonResponse(request, { data: { ...story, articles: page.items, agency_genealogy: genealogyRecord(genealogy) } });
}
