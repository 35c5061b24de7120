/**
 * What each document of the simulated web shows at an instant, for the ground truth:
 * the articles a feed, the news sitemap, the front page or an article page lists, each
 * with the headline it shows then. Paths follow router.ts; the lists come from the same
 * functions that render the documents, so the truth is exact.
 */
import { feedArticles, newsArticles } from "./content";
import { frontPageFurniture, furnitureArticles } from "./front-page-furniture";
import { frontPageState } from "./front-page-model";
import { PATHS, type SimOutlet } from "./outlets";
import { liveHeadline, type SimArticle, type World } from "./world";

/** One article as a document shows it. */
export interface Shown {
  articleId: string;
  /** Portless URL. */
  url: string;
  headline: string;
}

/** Which kind of source a document is, as the crawler names them. */
export type ShownKind = "feed" | "sitemap" | "frontpage" | "article";

const ARTICLE = /-(a-?\d+|s\d+f?)\.html$/;

function documentArticles(
  world: World,
  outlet: SimOutlet,
  host: string,
  path: string,
  time: number,
): { kind: ShownKind; articles: SimArticle[] } | undefined {
  if (host === outlet.hosts.feeds) {
    if (path === PATHS.mainFeed(outlet.feedFormat)) return { kind: "feed", articles: feedArticles(world, outlet, time) };
    if (outlet.sectionFeed && path === PATHS.sectionFeed(outlet.feedFormat, outlet.sectionFeed)) {
      return { kind: "feed", articles: feedArticles(world, outlet, time, outlet.sectionFeed) };
    }
  }
  if (host === outlet.hosts.sitemaps && path === PATHS.newsSitemap) return { kind: "sitemap", articles: newsArticles(world, outlet, time) };
  if (host !== outlet.hosts.www) return undefined;
  if (path === "/") {
    // The main ranking, then the articles only the furniture in the page's content links to
    // (strips, related links, rails); the header's and footer's links are its frame.
    const main = frontPageState(world, outlet.slug, time).articles;
    const ids = new Set(main.map((a) => a.id));
    const aside = furnitureArticles(frontPageFurniture(world, outlet.slug, time, main), false).filter((a) => !ids.has(a.id));
    return { kind: "frontpage", articles: [...main, ...aside] };
  }
  const local = ARTICLE.exec(path)?.[1];
  const article = local ? world.article(`${outlet.slug}:${local}`) : undefined;
  return article && article.path === path && article.publishedAt <= time ? { kind: "article", articles: [article] } : undefined;
}

/**
 * The articles and headlines the document at `url` shows at `time`, and its kind; undefined
 * for documents that show no headline (robots.txt, sitemap index, legal notice, unknown paths).
 */
export function shownAt(world: World, url: string, time: number): { kind: ShownKind; shown: Shown[] } | undefined {
  const u = new URL(url);
  const outlet = world.outlets.find((o) => [o.hosts.www, o.hosts.feeds, o.hosts.sitemaps].includes(u.hostname));
  const found = outlet ? documentArticles(world, outlet, u.hostname, u.pathname, time) : undefined;
  if (!found) return undefined;
  return { kind: found.kind, shown: found.articles.map((a) => ({ articleId: a.id, url: a.url, headline: liveHeadline(a, time) ?? "" })) };
}
