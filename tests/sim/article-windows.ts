/**
 * A memo over `World.articlesOf` for the server. Every request asks an outlet for the
 * same window (the feed's last 12 h, the sitemap's 24 h…) with `now` moved on a little;
 * recomputing it regenerates each article once the world's memo has spilled (1,000
 * outlets hold more than it keeps). Here the articles of a slightly longer span are
 * computed once and filtered per request. The world is a pure function of time, so the
 * answers are identical to the world's own; only their cost differs.
 */
import type { SimArticle, World } from "./world";

/** How far past the asked window a span reaches, so later requests fall within it. */
const AHEAD_MS = 60 * 60_000;
/** Spans kept at most (one per outlet and window length in normal use). */
const LIMIT = 20_000;

/** `world` with `articlesOf` answered from spans computed ahead. */
export function withArticleWindows(world: World): World {
  const spans = new Map<string, { from: number; to: number; articles: SimArticle[] }>();
  function articlesOf(slug: string, from: number, to: number): SimArticle[] {
    const key = `${slug} ${to - from}`;
    let span = spans.get(key);
    if (!span || from < span.from || to > span.to) {
      if (spans.size >= LIMIT) spans.clear();
      span = { from, to: to + AHEAD_MS, articles: world.articlesOf(slug, from, to + AHEAD_MS) };
      spans.set(key, span);
    }
    // Newest first, like the world's own answer: filtering keeps the order.
    return span.articles.filter((a) => a.publishedAt >= from && a.publishedAt <= to);
  }
  return { ...world, articlesOf };
}
