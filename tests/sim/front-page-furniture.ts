/**
 * The furniture around a front page's teasers, as real home pages carry it: a header
 * ticker of breaking news, a trending/SEO strip between header and first teaser, kickers
 * and "Directo" labels on teasers, "Te puede interesar" links under a teaser, a "Lo más
 * leído" rail, a second teaser of an article already shown higher, a footer link farm.
 * Which articles the furniture links to is a pure function of (seed, outlet, time), like
 * the main ranking it sits around (front-page-model.ts); the main ranking never changes.
 */
import { FRONT_PAGE_WINDOW_MS, frontPageState } from "./front-page-model";
import type { SimArticle, World } from "./world";

/** The three markups of a front page: Spanish class names, English class names, no class names at all. */
export type FrontPageLayout = "es" | "en" | "bare";
export const FRONT_PAGE_LAYOUTS: readonly FrontPageLayout[] = ["es", "en", "bare"];

/** Share of teasers with a kicker (antetítulo) above the title, and with a "Directo"/"Última hora" label. */
export const KICKER_SHARE = 0.45;
export const LIVE_SHARE = 0.1;

/** What a teaser shows besides its title. */
export interface TeaserDress {
  /** The antetítulo above the title: a place, "Exclusiva", or a section label. */
  kicker?: string;
  /** A "Directo" or "Última hora" label before the title. */
  live?: string;
}

/** The furniture of one front page; article lists are in page order. */
export interface FrontPageFurniture {
  layout: FrontPageLayout;
  /** Ticker of breaking news (links to real articles). */
  ticker: SimArticle[];
  /** Whether the ticker sits inside the page's `<header>` (else just after it, above the teasers). */
  tickerInHeader: boolean;
  /** Trending-topics / SEO strip between the header and the first teaser. */
  trending: SimArticle[];
  /** Related sub-links under a main teaser, by the teaser's index in the main ranking. */
  related: Map<number, SimArticle[]>;
  /** "Lo más leído" rail. */
  rail: SimArticle[];
  /** Main index after which the rail sits (interleaved between teasers), or undefined when it follows the main flow. */
  railAfter?: number;
  /** Second teasers: after the teaser at main index `after`, another teaser for the article at main index `of`. */
  repeats: { after: number; of: number }[];
  /** Footer link farm (links to real articles). */
  footer: SimArticle[];
  /** On a staged home page, the main indices in markup order (stagedMarkupOrder); undefined otherwise. */
  markupOrder?: number[];
}

/** Teasers a staged page puts last on screen while its markup has them right after the opening. */
export const STAGED_BOTTOM = 5;

/**
 * The markup order of a staged home page's `count` teasers (main indices): the opening's
 * three teasers, then the lead (shown first by CSS `order: -1`, with a larger title), then
 * the last `STAGED_BOTTOM` teasers (a block shown at the bottom by `order: 1`), then the rest.
 * A reader, and the truth, sees them in main order.
 */
export function stagedMarkupOrder(count: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (count < 4) return all;
  const opening = [1, 2, 3, 0];
  const bottom = count >= 30 ? all.slice(count - STAGED_BOTTOM) : [];
  return [...opening, ...bottom, ...all.slice(4, count - bottom.length)];
}

/** The outlet's markup: the outlets take turns, shifted by the seed, so any three consecutive outlets use all three. */
export function layoutOf(world: World, slug: string): FrontPageLayout {
  const i = Math.max(
    0,
    world.outlets.findIndex((o) => o.slug === slug),
  );
  return FRONT_PAGE_LAYOUTS[(i + world.seed) % FRONT_PAGE_LAYOUTS.length]!;
}

/** A teaser's kicker and label, drawn from the article's id (so they hold while it is on the page). */
export function dressOf(world: World, a: SimArticle): TeaserDress {
  const dress: TeaserDress = {};
  const k = world.dice.unit("fp-kicker", a.id);
  if (k < KICKER_SHARE) {
    const kind = Math.floor((k / KICKER_SHARE) * 3);
    dress.kicker = kind === 0 ? a.core.place : kind === 1 ? "Exclusiva" : a.section.name;
  }
  if (world.dice.unit("fp-live", a.id) < LIVE_SHARE) dress.live = world.dice.pick(["Directo", "Última hora"], "fp-live-label", a.id);
  return dress;
}

/**
 * The articles of the window that are not in the main ranking (kept in their sections, or
 * ranked below the page's last slot), newest first: the furniture's links outside the main flow.
 */
function offFront(world: World, slug: string, now: number, main: readonly SimArticle[]): SimArticle[] {
  const shown = new Set(main.map((a) => a.id));
  return world.articlesOf(slug, now - FRONT_PAGE_WINDOW_MS, now).filter((a) => !shown.has(a.id));
}

/** The furniture of outlet `slug`'s front page at `now` around its main ranking. */
export function frontPageFurniture(
  world: World,
  slug: string,
  now: number,
  main = frontPageState(world, slug, now).articles,
): FrontPageFurniture {
  const pool = offFront(world, slug, now, main);
  const at = (list: readonly SimArticle[], indices: readonly number[]) =>
    indices.map((i) => list[i]).filter((a): a is SimArticle => a !== undefined);
  const layout = layoutOf(world, slug);
  // Furniture links mix articles outside the main flow with main articles ranked far below
  // (a ticker link to rank 12 comes first in the HTML, yet rank 12 it stays).
  const related = new Map<number, SimArticle[]>([
    [0, at(pool, [4]).concat(at(main, [29]))],
    [5, at(pool, [5, 9])],
  ]);
  return {
    layout,
    ticker: at(pool, [0, 1]).concat(at(main, [11])),
    tickerInHeader: layout !== "en",
    trending: at(pool, [2, 3]).concat(at(main, [24])),
    related,
    rail: at(main, [2]).concat(at(pool, [6]), at(main, [6, 11]), at(pool, [7])),
    railAfter: layout === "en" ? 6 : undefined,
    repeats:
      main.length > 20
        ? [
            { after: 19, of: 0 },
            { after: 35, of: 3 },
          ].filter((r) => r.after < main.length)
        : [],
    footer: at(pool, [8, 10, 11, 12, 13]).concat(at(main, [40])),
    ...(world.outlet(slug)?.staged ? { markupOrder: stagedMarkupOrder(main.length) } : {}),
  };
}

/**
 * Every article the furniture links to, each once. Without `chrome`, only the links in the
 * page's content: a ticker inside `<header>` and the footer's farm are the page's frame, like
 * its navigation (SPEC EXT-3), which no reader of front pages takes for content.
 */
export function furnitureArticles(f: FrontPageFurniture, chrome = true): SimArticle[] {
  const frame = chrome ? [...(f.tickerInHeader ? f.ticker : []), ...f.footer] : [];
  const all = [...(f.tickerInHeader ? [] : f.ticker), ...f.trending, ...[...f.related.values()].flat(), ...f.rail, ...frame];
  return [...new Map(all.map((a) => [a.id, a])).values()];
}
