/**
 * Which articles an outlet's front page shows, in which order. Ranks are recomputed
 * each 10-minute "edition" (per-outlet phase) and when an article is published, so
 * rank spans hold for a while and then shuffle, and old articles fall off.
 */
import { liveHeadline, type SimArticle, type World } from "./world";

/** Links on a front page (unique articles). */
export const FRONT_PAGE_SIZE = 60;
/** Ranks are stable within an edition of this length. */
export const EDITION_MS = 10 * 60_000;
/** Articles older than this are not candidates for the front page. */
export const FRONT_PAGE_WINDOW_MS = 10 * 3_600_000;

/** A front page at one moment: articles in rank order, and when its content last changed. */
export interface FrontPageState {
  articles: SimArticle[];
  editionStart: number;
  lastModified: number;
}

/** The front page of outlet `slug` at `now`. */
export function frontPageState(world: World, slug: string, now: number): FrontPageState {
  const phase = world.dice.int(0, EDITION_MS - 1, "edition-phase", slug);
  const edition = Math.floor((now - phase) / EDITION_MS);
  const editionStart = edition * EDITION_MS + phase;
  const candidates = world.articlesOf(slug, now - FRONT_PAGE_WINDOW_MS, now);
  const score = (a: SimArticle) => {
    // Age is taken at the edition start, so ranks do not drift between editions.
    const age = Math.max(0, editionStart - a.publishedAt);
    const freshness = 0.35 + 0.65 * Math.exp(-age / (4 * 3_600_000));
    const noise = 0.85 + 0.3 * world.dice.unit("rank", slug, a.id, edition);
    return a.importance * freshness * noise;
  };
  const scored = candidates.map((a) => ({ a, s: score(a) }));
  scored.sort((x, y) => y.s - x.s || x.a.id.localeCompare(y.a.id));
  const articles = scored.slice(0, FRONT_PAGE_SIZE).map((x) => x.a);
  let lastModified = editionStart;
  for (const a of candidates) lastModified = Math.max(lastModified, a.publishedAt);
  for (const a of articles) {
    for (const v of a.headline.versions) if (v.from <= now) lastModified = Math.max(lastModified, v.from);
  }
  return { articles, editionStart, lastModified };
}

/** One slot of a front page as the ground truth reports it. */
export interface FrontPageSlot {
  rank: number;
  articleId: string;
  url: string;
  headline: string;
}

/** Ranked slots (1 = lead) as an extractor should find them: unique articles in DOM order. */
export function frontPageSlots(world: World, slug: string, now: number): FrontPageSlot[] {
  return frontPageState(world, slug, now).articles.map((a, i) => ({
    rank: i + 1,
    articleId: a.id,
    url: a.url,
    headline: liveHeadline(a, now) ?? "",
  }));
}
