/**
 * The simulated newsroom: which articles each outlet has published by a given time,
 * and everything about them. A pure function of (seed, outlets, time), memoised.
 */
import { createDice, type Dice } from "./dice";
import { drawHeadlineSchedule, headlineAt, type HeadlineSchedule } from "./headline-history";
import { drawCore, headlineFor, type NewsCore } from "./headlines";
import type { SimOutlet } from "./outlets";
import { ledeFor, textFor, type ArticleText } from "./prose";
import { drawStory, followUpDelayMs, MAX_PICKUP_MS, pickupDelayMs, storyIntervalMs, type SimStory } from "./stories";
import { createStoryIndex } from "./story-index";
import { ACTIONS, AUTHORS, type Section } from "./vocabulary";

/** One article as the simulator knows it (URLs are portless). */
export interface SimArticle {
  /** `slug:localId`, e.g. `diarioprueba:a5800123` (own), `diarioprueba:s11600321` (story) or `diarioprueba:s11600321f` (its follow-up). */
  id: string;
  outlet: string;
  localId: string;
  path: string;
  url: string;
  section: Section;
  authors: string[];
  publishedAt: number;
  storyId?: string;
  agency?: string;
  /** `isAccessibleForFree` in the JSON-LD; false means paywalled. */
  free: boolean;
  /** The outlet reserves TDM (file, header or meta, per outlet). */
  tdmReserved: boolean;
  /** 0..1 weight on the front page. */
  importance: number;
  headline: HeadlineSchedule;
  core: NewsCore;
}

/** Read access to the simulated newsroom. */
export interface World {
  readonly seed: number;
  readonly outlets: readonly SimOutlet[];
  readonly dice: Dice;
  outlet(slug: string): SimOutlet | undefined;
  story(index: number): SimStory | undefined;
  article(id: string): SimArticle | undefined;
  /** Articles of an outlet published in [from, to], newest first. */
  articlesOf(slug: string, from: number, to: number): SimArticle[];
  /** Lede and body (wire copy is shared by every outlet running it). */
  textOf(article: SimArticle): ArticleText;
  /** `textOf(article).lede`, without drawing the body when it is not at hand. */
  ledeOf(article: SimArticle): string;
}

const MINUTE = 60_000;
const CACHE_LIMIT = 50_000;

/** URL slug of a headline: lower case, no accents, at most eight words. */
function slugify(text: string): string {
  const words =
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  return words.slice(0, 8).join("-");
}

function datePath(at: number): string {
  return new Date(at).toISOString().slice(0, 10).replaceAll("-", "/");
}

/** Builds the world for a seed and outlet list; each outlet publishes `publishing` of its usual rate (stories and own articles). */
export function createWorld(seed: number, outlets: readonly SimOutlet[], publishing = 1): World {
  const dice = createDice(seed);
  const bySlug = new Map(outlets.map((o) => [o.slug, o]));
  const positionOf = new Map(outlets.map((o, i) => [o.slug, i]));
  const storyInterval = storyIntervalMs(outlets.length, publishing);
  const storyIndex = createStoryIndex(dice, outlets.length, publishing);
  const articles = new Map<string, SimArticle | undefined>();
  const stories = new Map<number, SimStory | undefined>();
  const texts = new Map<string, ArticleText>();

  const remember = <K, V>(cache: Map<K, V>, key: K, make: () => V): V => {
    if (cache.has(key)) return cache.get(key) as V;
    if (cache.size > CACHE_LIMIT) cache.clear();
    const value = make();
    cache.set(key, value);
    return value;
  };

  // An outlet's own articles come every `minutesPerArticle`, times 1 ÷ `publishing`.
  const articleEvery = (o: SimOutlet) => Math.round((o.minutesPerArticle * MINUTE) / publishing);
  const phaseOf = (o: SimOutlet) => dice.int(0, articleEvery(o) - 1, "phase", o.slug);
  const story = (index: number) => remember(stories, index, () => drawStory(dice, outlets, index, publishing));

  function finish(
    o: SimOutlet,
    localId: string,
    fields: Omit<SimArticle, "id" | "outlet" | "localId" | "path" | "url" | "headline" | "tdmReserved">,
    style: number,
  ): SimArticle {
    const key = ["article", o.slug, localId];
    const headline = drawHeadlineSchedule(dice, key, fields.core, fields.publishedAt, style);
    const path = `/${fields.section.slug}/${datePath(fields.publishedAt)}/${slugify(headlineFor(fields.core, style))}-${localId}.html`;
    return {
      id: `${o.slug}:${localId}`,
      outlet: o.slug,
      localId,
      path,
      url: `http://${o.hosts.www}${path}`,
      headline,
      tdmReserved: o.tdm !== "none",
      ...fields,
    };
  }

  function byline(o: SimOutlet, key: readonly (string | number)[]): string[] {
    const first = dice.pick(AUTHORS, o.slug, ...key, "author");
    const second = dice.pick(AUTHORS, o.slug, ...key, "author2");
    return dice.unit(o.slug, ...key, "two-authors") < 0.2 && second !== first ? [first, second] : [first];
  }

  function ownArticle(o: SimOutlet, k: number): SimArticle {
    const interval = articleEvery(o);
    const key = ["own", o.slug, k];
    const opinion = dice.unit(...key, "opinion") < 0.1;
    const core = drawCore(dice, key, opinion);
    return finish(
      o,
      `a${k}`,
      {
        section: core.section,
        authors: byline(o, key),
        publishedAt: phaseOf(o) + k * interval + Math.floor(dice.unit(...key, "jitter") * interval * 0.6),
        free: dice.unit(...key, "free") >= o.paywallShare,
        importance: 0.3 + 0.7 * dice.unit(...key, "importance"),
        core,
      },
      dice.int(0, 999, ...key, "style"),
    );
  }

  /** The outlet's article on story `s` (or its follow-up of it, when it runs one). */
  function storyArticle(o: SimOutlet, s: SimStory, followUp = false): SimArticle | undefined {
    const position = s.outlets.indexOf(o.slug);
    if (position < 0) return undefined;
    const firstAt = s.breaksAt + pickupDelayMs(dice, s.index, position);
    const after = followUp ? followUpDelayMs(dice, s.index, position) : 0;
    if (after === undefined) return undefined;
    const key = ["story-article", o.slug, s.index, ...(followUp ? ["follow-up"] : [])];
    // A follow-up tells a new turn of the same event: same people and place, another action, the outlet's own words.
    const core = followUp ? { ...s.core, action: dice.pick(ACTIONS, ...key, "action") } : s.core;
    return finish(
      o,
      `s${s.index}${followUp ? "f" : ""}`,
      {
        section: s.core.section,
        authors: s.agency && !followUp ? [s.agency] : byline(o, key),
        publishedAt: firstAt + after,
        storyId: s.id,
        agency: followUp ? undefined : s.agency,
        free: s.agency !== undefined || dice.unit(...key, "free") >= o.paywallShare,
        importance: Math.min(1, 0.55 + 0.45 * dice.unit(...key, "importance")),
        core,
      },
      s.styleBase + 7 * position + (followUp ? 3 : 0),
    );
  }

  function article(id: string): SimArticle | undefined {
    return remember(articles, id, () => {
      const m = /^([a-z0-9]+):(a-?\d+|s\d+f?)$/.exec(id);
      const o = m?.[1] ? bySlug.get(m[1]) : undefined;
      const local = m?.[2];
      if (!o || !local) return undefined;
      if (local.startsWith("a")) return ownArticle(o, Number(local.slice(1)));
      const followUp = local.endsWith("f");
      const s = story(Number(local.slice(1, followUp ? -1 : undefined)));
      return s ? storyArticle(o, s, followUp) : undefined;
    });
  }

  function articlesOf(slug: string, from: number, to: number): SimArticle[] {
    const o = bySlug.get(slug);
    if (!o) return [];
    const found: SimArticle[] = [];
    const interval = articleEvery(o);
    const phase = phaseOf(o);
    for (let k = Math.floor((from - phase) / interval) - 1; k <= Math.floor((to - phase) / interval); k++) {
      const a = article(`${slug}:a${k}`);
      if (a && a.publishedAt >= from && a.publishedAt <= to) found.push(a);
    }
    // Only the story slots this outlet covers: a window's slots grow with the outlet count.
    const firstStory = Math.max(0, Math.floor((from - MAX_PICKUP_MS) / storyInterval) - 1);
    for (const j of storyIndex.slotsOf(positionOf.get(slug) ?? -1, firstStory, Math.floor(to / storyInterval))) {
      for (const local of [`s${j}`, `s${j}f`]) {
        const a = article(`${slug}:${local}`);
        if (a && a.publishedAt >= from && a.publishedAt <= to) found.push(a);
      }
    }
    return found.sort((x, y) => y.publishedAt - x.publishedAt || x.id.localeCompare(y.id));
  }

  /** The wire story whose copy `a` runs, if any. */
  const wireOf = (a: SimArticle) => {
    const s = a.agency && a.storyId ? story(Number(a.localId.slice(1))) : undefined;
    return s?.agency ? s : undefined;
  };

  function textOf(a: SimArticle): ArticleText {
    const s = wireOf(a);
    // Wire copy's body is keyed by the story, so every outlet running it carries the same body; its lede is the outlet's own.
    if (s)
      return remember(texts, a.id, () =>
        textFor(dice, ["wire", s.index], s.core, { name: s.agency ?? "", at: s.breaksAt, own: ["text", a.id] }),
      );
    return remember(texts, a.id, () => textFor(dice, ["text", a.id], a.core));
  }

  // Feeds of thousands of outlets list more articles than the text memo keeps; their ledes are
  // drawn on their own (the same draws as textFor's), not the whole body every time.
  function ledeOf(a: SimArticle): string {
    const s = wireOf(a);
    const known = texts.get(a.id);
    if (known) return known.lede;
    return s ? ledeFor(dice, ["wire", s.index], s.core, ["text", a.id]).lede : ledeFor(dice, ["text", a.id], a.core).lede;
  }

  return { seed, outlets, dice, outlet: (slug) => bySlug.get(slug), story, article, articlesOf, textOf, ledeOf };
}

/** The headline text live at `time`, or `undefined` before publication. */
export function liveHeadline(a: SimArticle, time: number): string | undefined {
  return headlineAt(a.headline, time)?.text;
}
