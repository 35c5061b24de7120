/**
 * Ground truth for tests and benchmarks: what the simulated web published, under
 * which headline at each moment, where on each front page, which articles are the
 * same story, and the text that must never be stored. URLs are portless.
 */
import { frontPageFurniture, furnitureArticles, type FrontPageLayout } from "./front-page-furniture";
import { frontPageSlots, frontPageState, type FrontPageSlot } from "./front-page-model";
import type { HeadlinePattern, HeadlineVersion } from "./headline-history";
import { shownAt, type Shown, type ShownKind } from "./shown";
import { liveHeadline, type SimArticle, type World } from "./world";

/** An article as the truth reports it. */
export interface TruthArticle {
  id: string;
  outlet: string;
  url: string;
  section: string;
  authors: string[];
  publishedAt: number;
  storyId?: string;
  agency?: string;
  free: boolean;
  tdmReserved: boolean;
  headlinePattern: HeadlinePattern;
  /** Every version, past and future. */
  headlineVersions: HeadlineVersion[];
}

/** A multi-outlet story at some moment. */
export interface TruthStory {
  storyId: string;
  agency?: string;
  articleIds: string[];
  /** The covering outlets, each once (an outlet's follow-up adds an article, not an outlet). */
  outlets: string[];
}

/** Text that exists only in feeds and pages and must never reach storage or logs. */
export interface TruthText {
  /** The distinctive token inside every sentence (shared by wire copy of one story). */
  token: string;
  lede: string;
  /** Every body sentence. */
  sentences: string[];
}

/** The furniture around a front page's main ranking at one instant: portless article URLs by kind. */
export interface TruthFurniture {
  layout: FrontPageLayout;
  ticker: string[];
  trending: string[];
  /** "Te puede interesar" links, by the rank of the teaser they sit under. */
  related: Map<number, string[]>;
  rail: string[];
  footer: string[];
  /** Articles linked only by the furniture: they must never get a rank. */
  outside: string[];
  /** Those of `outside` linked from the page's content (not only from its header or footer): a crawler sees them. */
  outsideInContent: string[];
  /** Ranks of articles given a second teaser lower down (their rank stays the first one's). */
  repeated: number[];
  /**
   * On a staged home page (SimOutlet.staged), the ranks in the order its markup has them: the
   * lead after three smaller teasers, the last five right after them. The ranking a reader sees,
   * and `frontPageAt` gives, is the ranks' order; the markup's order is what a parser without
   * layout would read.
   */
  markupOrder?: number[];
}

/** The ground-truth API. */
export interface GroundTruth {
  /** Articles published in (time − windowMs, time] (default 24 h), newest first, with the headline live at `time`. */
  articlesAt(time: number, options?: { outlet?: string; windowMs?: number }): (TruthArticle & { headline: string })[];
  article(id: string): TruthArticle | undefined;
  /** The article a URL (with or without port, query or fragment) points to. */
  articleByUrl(url: string): TruthArticle | undefined;
  headlineAt(articleId: string, time: number): string | undefined;
  /** The main ranking of `outlet`'s front page at `time`, rank 1 (the lead) first; each headline is the teaser's title, never its kicker. */
  frontPageAt(outlet: string, time: number): FrontPageSlot[];
  /** The furniture around that ranking (tickers, strips, related links, rails, footer links). */
  frontPageFurnitureAt(outlet: string, time: number): TruthFurniture;
  /** Stories with at least one article published in the window, with the articles published so far. */
  storiesAt(time: number, options?: { windowMs?: number }): TruthStory[];
  textOf(articleId: string): TruthText | undefined;
  /**
   * What the document at `url` (a feed, the news sitemap, a front page or an article page)
   * shows at `time`: its kind, and each article with the headline shown then. Undefined for
   * documents without headlines.
   */
  shownAt(url: string, time: number): { kind: ShownKind; shown: Shown[] } | undefined;
}

const DAY = 86_400_000;

function toTruth(a: SimArticle): TruthArticle {
  return {
    id: a.id,
    outlet: a.outlet,
    url: a.url,
    section: a.section.name,
    authors: [...a.authors],
    publishedAt: a.publishedAt,
    storyId: a.storyId,
    agency: a.agency,
    free: a.free,
    tdmReserved: a.tdmReserved,
    headlinePattern: a.headline.pattern,
    headlineVersions: a.headline.versions.map((v) => ({ ...v })),
  };
}

/** Ground truth over a world. */
export function createTruth(world: World): GroundTruth {
  const articlesAt: GroundTruth["articlesAt"] = (time, options = {}) => {
    const from = time - (options.windowMs ?? DAY) + 1;
    const slugs = options.outlet ? [options.outlet] : world.outlets.map((o) => o.slug);
    return slugs
      .flatMap((slug) => world.articlesOf(slug, from, time))
      .sort((x, y) => y.publishedAt - x.publishedAt || x.id.localeCompare(y.id))
      .map((a) => ({ ...toTruth(a), headline: liveHeadline(a, time) ?? "" }));
  };

  const articleByUrl = (url: string) => {
    const u = new URL(url);
    const outlet = world.outlets.find((o) => o.hosts.www === u.hostname);
    const local = /-(a-?\d+|s\d+f?)\.html$/.exec(u.pathname)?.[1];
    const a = outlet && local ? world.article(`${outlet.slug}:${local}`) : undefined;
    return a && a.path === u.pathname ? toTruth(a) : undefined;
  };

  const storiesAt: GroundTruth["storiesAt"] = (time, options = {}) => {
    const byStory = new Map<string, TruthStory>();
    for (const a of articlesAt(time, options)) {
      if (!a.storyId) continue;
      const story = byStory.get(a.storyId) ?? { storyId: a.storyId, agency: a.agency, articleIds: [], outlets: [] };
      story.agency ??= a.agency;
      story.articleIds.push(a.id);
      // An outlet's follow-up adds an article, not an outlet.
      if (!story.outlets.includes(a.outlet)) story.outlets.push(a.outlet);
      byStory.set(a.storyId, story);
    }
    return [...byStory.values()];
  };

  const textOf = (articleId: string): TruthText | undefined => {
    const a = world.article(articleId);
    if (!a) return undefined;
    const text = world.textOf(a);
    return { token: text.token, lede: text.lede, sentences: text.paragraphs.flat() };
  };

  return {
    articlesAt,
    article: (id) => {
      const a = world.article(id);
      return a ? toTruth(a) : undefined;
    },
    articleByUrl,
    headlineAt: (id, time) => {
      const a = world.article(id);
      return a ? liveHeadline(a, time) : undefined;
    },
    frontPageAt: (outlet, time) => frontPageSlots(world, outlet, time),
    frontPageFurnitureAt: (outlet, time) => {
      const main = frontPageState(world, outlet, time).articles;
      const f = frontPageFurniture(world, outlet, time, main);
      const urls = (list: readonly SimArticle[]) => list.map((a) => a.url);
      const ids = new Set(main.map((a) => a.id));
      return {
        layout: f.layout,
        ticker: urls(f.ticker),
        trending: urls(f.trending),
        related: new Map([...f.related].map(([i, list]) => [i + 1, urls(list)])),
        rail: urls(f.rail),
        footer: urls(f.footer),
        outside: urls(furnitureArticles(f).filter((a) => !ids.has(a.id))),
        outsideInContent: urls(furnitureArticles(f, false).filter((a) => !ids.has(a.id))),
        repeated: f.repeats.filter((r) => r.of < main.length).map((r) => r.of + 1),
        ...(f.markupOrder ? { markupOrder: f.markupOrder.map((i) => i + 1) } : {}),
      };
    },
    storiesAt,
    textOf,
    shownAt: (url, time) => shownAt(world, url, time),
  };
}
