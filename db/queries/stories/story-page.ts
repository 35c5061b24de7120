/**
 * Read models of the stories pages (SPEC WEB-1, DER-2, DER-5): recent stories by how
 * many outlets covered them, and one story's coverage outlet by outlet — when each first
 * showed it, where on its front page and for how long, and its headline variants.
 * Outlets under `total` are left out of every count and list (PUB-6).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { publishedProminence } from "../../../lib/analysis/prominence";
import { headlineForDisplay, type Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { rankHistories } from "../../figures/api/front-pages";
import { loadStoryProminence } from "../../open-data/sql/prominence";
import { DAY_MS, idList, notExcluded, time } from "../../figures/page-sql";
import { loadStoryLabels, type StoryLabel } from "../../figures/stories/story-labels";

/** A story in the list. */
export interface StorySummary {
  id: number;
  keyTerms: string[];
  label?: StoryLabel;
  firstSeenAt: number;
  lastSeenAt: number;
  outletCount: number;
  outletNames: string[];
  /** DER-9: weighted minutes on the front pages of the outlets whose positions may be shown. */
  prominence: number;
}

/** One page of recent stories. */
export interface StoriesList {
  start: number;
  end: number;
  items: StorySummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** Stories seen within this period are "recent". */
export const RECENT_STORIES_MS = 7 * DAY_MS;
/** Outlet names listed per story in the list. */
const NAMES_SHOWN = 6;

/** How the list can be ordered (WEB-2); ties go to the most recent. */
export type StoriesOrder = { column: "cabeceras" | "primera" | "ultima" | "prominencia"; descending: boolean };

function storiesOrderBy(order: StoriesOrder) {
  const dir = sql.raw(order.descending ? "desc" : "asc");
  switch (order.column) {
    case "primera":
      return sql`s.first_seen_at ${dir}, s.id desc`;
    case "ultima":
      return sql`s.last_seen_at ${dir}, s.id desc`;
    default:
      return sql`c.outlets ${dir}, s.last_seen_at desc, s.id desc`;
  }
}

/**
 * Page `page` of the stories seen in the last 7 days; by default most outlets first, then most
 * recent. By prominence (DER-9), every recent story's is summed from its articles' stored
 * figures and the page cut after sorting (a sum over outlets whose positions may be shown, so
 * not one column): the cost follows the week's stories and their articles.
 */
export async function listRecentStories(
  db: Executor,
  policies: Policies,
  {
    page,
    pageSize,
    now,
    order = { column: "cabeceras", descending: true },
  }: { page: number; pageSize: number; now: number; order?: StoriesOrder },
): Promise<StoriesList> {
  const start = now - RECENT_STORIES_MS;
  const from = new Date(start).toISOString();
  // Driven from the recent stories (index stories_last_seen), each counted through its own
  // articles (index articles_story): the cost follows the stories of the period, not all articles.
  const visible = sql`
    from articles a join outlets o on o.id = a.outlet_id and o.active
    where a.story_id = s.id ${notExcluded(sql`a.outlet_id`, policies.excludedOutletIds)}`;
  const positionsShown = (outletId: number) => policies.forOutlet(outletId).positions;
  let pageIds: number[] | undefined;
  let prominence = new Map<number, number>();
  if (order.column === "prominencia") {
    const all = await db.execute<{ id: string | number; last_seen_at: string | Date }>(sql`
      select s.id, s.last_seen_at from stories s cross join lateral (select 1 ${visible} limit 1) shown where s.last_seen_at >= ${from}`);
    prominence = await loadStoryProminence(
      db,
      all.map((r) => Number(r.id)),
      positionsShown,
    );
    const sign = order.descending ? -1 : 1;
    const sorted = all
      .map((r) => ({ id: Number(r.id), last: time(r.last_seen_at)! }))
      .sort((a, b) => sign * (prominence.get(a.id)! - prominence.get(b.id)!) || b.last - a.last || b.id - a.id);
    pageIds = sorted.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id);
  }
  const [[count], rows] = await Promise.all([
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from stories s cross join lateral (select 1 ${visible} limit 1) shown
      where s.last_seen_at >= ${from}`),
    pageIds?.length === 0
      ? []
      : db.execute<{
          id: string | number;
          key_terms: string[];
          first_seen_at: string | Date;
          last_seen_at: string | Date;
          outlets: number;
          names: string[];
        }>(sql`
      select s.id, s.key_terms, s.first_seen_at, s.last_seen_at, c.outlets, c.names
      from stories s cross join lateral (
        select count(distinct a.outlet_id)::int as outlets, (array_agg(distinct o.name))[1:${NAMES_SHOWN}] as names ${visible}
      ) c
      where s.last_seen_at >= ${from} and c.outlets > 0 ${pageIds ? sql`and s.id in ${idList(pageIds)}` : sql``}
      ${pageIds ? sql`` : sql`order by ${storiesOrderBy(order)} limit ${pageSize} offset ${(page - 1) * pageSize}`}`),
  ]);
  const total = count?.n ?? 0;
  const ids = pageIds ?? rows.map((r) => Number(r.id));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const [labels, shownProminence] = await Promise.all([
    loadStoryLabels(db, policies, ids),
    pageIds ? prominence : loadStoryProminence(db, ids, positionsShown),
  ]);
  return {
    start,
    end: now,
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    items: ids.flatMap((id) => {
      const r = byId.get(id);
      return r
        ? [
            {
              id,
              keyTerms: r.key_terms,
              label: labels.get(id),
              firstSeenAt: time(r.first_seen_at)!,
              lastSeenAt: time(r.last_seen_at)!,
              outletCount: r.outlets,
              outletNames: r.names,
              prominence: publishedProminence(shownProminence.get(id) ?? 0),
            },
          ]
        : [];
    }),
  };
}

/** One outlet's article in a story. */
export interface StoryCoverage {
  articleId: number;
  outlet: { slug: string; name: string };
  firstSeenAt: number;
  /** The publication time the outlet declared, if any. */
  publishedAt: number | null;
  /** The agency it is copy of (DER-3), if it is agency copy. */
  agency: string | null;
  /** Where it was on the front page; null under "sin posición" for that outlet. */
  frontPage: null | {
    firstAt: number | null;
    firstRank: number | null;
    bestRank: number | null;
    onFrontPageMs: number;
    spans: { fromAt: number; toAt: number; rank: number }[];
    /** Weighted minutes (DER-9), unrounded. */
    prominence: number;
  };
  /** Distinct headline versions, oldest first, as they may be cited (one notice when withheld). */
  headlines: string[];
}

/** Everything a story page shows. */
export interface StoryPage {
  id: number;
  keyTerms: string[];
  label?: StoryLabel;
  firstSeenAt: number;
  lastSeenAt: number;
  coverage: StoryCoverage[];
}

/** The story that story `id` was merged into (DER-2: its page redirects there), or undefined. */
export async function storyMergedInto(db: Executor, id: number): Promise<number | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [row] = await db.execute<{ merged_into: string | number | null }>(sql`select merged_into from stories where id = ${id}`);
  return row?.merged_into === null || row?.merged_into === undefined ? undefined : Number(row.merged_into);
}

/**
 * Story `id` with the coverage of every visible outlet, earliest first by the publication
 * time each outlet declared (our first sighting when it declared none); undefined when
 * unknown, merged into another, or no outlet can be shown.
 */
export async function loadStoryPage(db: Executor, policies: Policies, { id }: { id: number }): Promise<StoryPage | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [story] = await db.execute<{
    id: string | number;
    key_terms: string[];
    first_seen_at: string | Date;
    last_seen_at: string | Date;
  }>(sql`
    select id, key_terms, first_seen_at, last_seen_at from stories where id = ${id} and merged_into is null`);
  if (!story) return undefined;
  const articles = await db.execute<{
    id: string | number;
    outlet_id: number;
    slug: string;
    name: string;
    first_seen_at: string | Date;
    published_at: string | Date | null;
    agency: string | null;
    weighted_minutes: number;
  }>(sql`
    select a.id, a.outlet_id, o.slug, o.name, a.first_seen_at, a.published_at, a.agency, a.weighted_minutes from articles a join outlets o on o.id = a.outlet_id and o.active
    where a.story_id = ${id} ${notExcluded(sql`a.outlet_id`, policies.excludedOutletIds)}
    order by coalesce(a.published_at, a.first_seen_at), a.first_seen_at, a.id limit 200`);
  if (articles.length === 0) return undefined;
  const ids = articles.map((a) => Number(a.id));
  const [versions, spans, labels] = await Promise.all([
    db.execute<{ article_id: string | number; text: string }>(sql`
      select article_id, text from headline_versions where article_id in ${idList(ids)} order by article_id, first_seen_at, id`),
    rankHistories(db, ids),
    loadStoryLabels(db, policies, [id]),
  ]);
  return {
    id: Number(story.id),
    keyTerms: story.key_terms,
    label: labels.get(id),
    firstSeenAt: time(story.first_seen_at)!,
    lastSeenAt: time(story.last_seen_at)!,
    coverage: articles.map((a) => {
      const articleId = Number(a.id);
      const policy = policies.forOutlet(a.outlet_id);
      const mine = (spans.get(articleId) ?? []).map((s) => ({ fromAt: s.from, toAt: s.to, rank: s.rank }));
      return {
        articleId,
        outlet: { slug: a.slug, name: a.name },
        firstSeenAt: time(a.first_seen_at)!,
        publishedAt: time(a.published_at),
        agency: a.agency,
        frontPage: policy.positions
          ? {
              firstAt: mine[0]?.fromAt ?? null,
              firstRank: mine[0]?.rank ?? null,
              bestRank: mine.length ? Math.min(...mine.map((s) => s.rank)) : null,
              onFrontPageMs: mine.reduce((n, s) => n + (s.toAt - s.fromAt), 0),
              spans: mine,
              prominence: Number(a.weighted_minutes),
            }
          : null,
        headlines: [...new Set(versions.filter((v) => Number(v.article_id) === articleId).map((v) => headlineForDisplay(policy, v.text)))],
      };
    }),
  };
}
