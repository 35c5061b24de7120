/**
 * Which articles an outlet's front page shows, in which order. It behaves like a real
 * front page polled every 15 minutes: most slots hold between two looks; a new article
 * enters near the top and pushes the ones below it down; now and then an editor
 * promotes or demotes an article; old articles fall off the bottom.
 *
 * Each article has a placement score that is constant except at its own (rare) moves:
 *   score = publishedAt + importance × LEAD_BONUS_MS + the moves made so far.
 * The page is the FRONT_PAGE_SIZE best scores among articles of the last
 * FRONT_PAGE_WINDOW_MS. So two articles only swap places when one of them moves, and
 * the page changes only at publications, moves and drop-offs: a pure function of
 * (seed, outlet, time), exact for the ground truth. See tests/sim/README.md.
 */
import type { Dice } from "./dice";
import { liveHeadline, type SimArticle, type World } from "./world";

const MINUTE = 60_000;

/** Links on a front page (unique articles). */
export const FRONT_PAGE_SIZE = 60;
/** Articles older than this are not candidates for the front page. */
export const FRONT_PAGE_WINDOW_MS = 10 * 60 * MINUTE;
/** Head start of an article over one published at the same time: BASE + importance^4 × LEAD (few get near the top). */
export const BASE_BONUS_MS = 20 * MINUTE;
export const LEAD_BONUS_MS = 5 * 60 * MINUTE;
/** Share of an outlet's own articles that go to the front page at all (the rest live in their sections). */
export const OWN_ON_FRONT_SHARE = 0.7;
/** Share of articles an editor later promotes (the story grows). */
export const PROMOTED_SHARE = 0.2;
/** Share of articles an editor later demotes (the story fades or is corrected). */
export const DEMOTED_SHARE = 0.1;

/** An editor's move of one article: from `at` on, its score changes by `deltaMs`. */
export interface FrontPageMove {
  at: number;
  deltaMs: number;
}

/** The editor's moves of an article over its life (at most one), drawn from its id. */
export function movesOf(dice: Dice, a: SimArticle): FrontPageMove[] {
  const roll = dice.unit("fp-move", a.id);
  if (roll >= PROMOTED_SHARE + DEMOTED_SHARE) return [];
  const at = a.publishedAt + dice.int(20, 240, "fp-move-at", a.id) * MINUTE;
  const deltaMs = roll < PROMOTED_SHARE ? dice.int(30, 120, "fp-move-by", a.id) * MINUTE : -dice.int(60, 180, "fp-move-by", a.id) * MINUTE;
  return [{ at, deltaMs }];
}

/** Whether the article is placed on the front page at all (stories always are). */
export function onFrontPage(dice: Dice, a: SimArticle): boolean {
  return a.storyId !== undefined || dice.unit("fp-placed", a.id) < OWN_ON_FRONT_SHARE;
}

/** The article's placement score at `now` (higher is nearer the top). */
function scoreAt(dice: Dice, a: SimArticle, now: number): { score: number; lastMove: number } {
  let score = a.publishedAt + BASE_BONUS_MS + a.importance ** 4 * LEAD_BONUS_MS;
  let lastMove = -Infinity;
  for (const m of movesOf(dice, a)) {
    if (m.at > now) continue;
    score += m.deltaMs;
    lastMove = Math.max(lastMove, m.at);
  }
  return { score, lastMove };
}

/** A front page at one moment: articles in rank order, and when its content last changed. */
export interface FrontPageState {
  articles: SimArticle[];
  /** At or after the last change of the page (entries, moves, drop-offs, live headlines): never before it. */
  lastModified: number;
}

/** The front page of outlet `slug` at `now`. */
export function frontPageState(world: World, slug: string, now: number): FrontPageState {
  const candidates = world.articlesOf(slug, now - FRONT_PAGE_WINDOW_MS, now).filter((a) => onFrontPage(world.dice, a));
  let lastModified = 0;
  const scored = candidates.map((a) => {
    const { score, lastMove } = scoreAt(world.dice, a, now);
    lastModified = Math.max(lastModified, a.publishedAt, lastMove);
    return { a, score };
  });
  scored.sort((x, y) => y.score - x.score || x.a.id.localeCompare(y.a.id));
  const articles = scored.slice(0, FRONT_PAGE_SIZE).map((x) => x.a);
  // The newest article that has left the window left it at publishedAt + window.
  const dropped = world.articlesOf(slug, now - FRONT_PAGE_WINDOW_MS - 60 * MINUTE, now - FRONT_PAGE_WINDOW_MS - 1)[0];
  if (dropped) lastModified = Math.max(lastModified, dropped.publishedAt + FRONT_PAGE_WINDOW_MS);
  for (const a of articles) {
    for (const v of a.headline.versions) if (v.from <= now) lastModified = Math.max(lastModified, v.from);
  }
  return { articles, lastModified };
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
