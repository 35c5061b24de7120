/**
 * Silences (SPEC DER-11), pure: the stories widely carried among the followed outlets that one
 * outlet never ran, or never placed high on its front page, in a period. An outlet is
 * "followed" when we captured its front page for most of the period (the read model
 * decides, db/figures/outlet-page/silences.ts); only followed outlets count, on both sides of the share.
 *
 * "Widely" must be reachable: news spreads thin over many outlets (with 30, the widest story of
 * a day reaches about 12), so a story qualifies with a modest share of the comparable outlets
 * and never fewer than a minimum count of them. When outlets carry a scope (national,
 * regional…), an outlet is compared only with outlets of its own scope.
 */

/** Days of the default period. */
export const SILENCE_DAYS = 7;

/** Silences an outlet's page lists; the rest are counted, and the whole list of the last 7 days is in the API. */
export const SILENCES_SHOWN = 10;
/** Share of the period's hours an outlet's front page must have been captured in to count as followed. */
export const FOLLOWED_HOURS_SHARE = 0.5;

/** The rule's knobs. */
export interface SilenceRule {
  /** Share of the comparable followed outlets that must carry a story (0–1]. @default 0.3 */
  share: number;
  /** And never fewer outlets than this, however few are followed. @default 4 (1 when absent) */
  minCarriers?: number;
  /** A carried story placed no higher than this rank on the outlet's front page is a silence too. @default 10 */
  topRank: number;
  /** Fewer comparable followed outlets than this and nothing is judged: "no medible". @default 6 */
  minFollowed: number;
}

/** The rule as published on /metodologia. */
export const DEFAULT_SILENCE_RULE: SilenceRule = { share: 0.3, minCarriers: 4, topRank: 10, minFollowed: 6 };

/** Carriers a story needs among `followed` comparable outlets; undefined when too few are comparable to judge ("no medible"). */
export function carriersNeeded(followed: number, rule: SilenceRule = DEFAULT_SILENCE_RULE): number | undefined {
  if (followed < rule.minFollowed) return undefined;
  return Math.min(followed, Math.max(rule.minCarriers ?? 1, Math.ceil(rule.share * followed - 1e-9)));
}

/** The followed outlets `outletId` is compared with: all of them, or those of its own scope when scopes are given. */
export function comparableOutlets(
  outletId: number,
  followed: ReadonlySet<number>,
  scopes?: ReadonlyMap<number, string>,
): ReadonlySet<number> {
  const mine = scopes?.get(outletId);
  if (!scopes || mine === undefined) return followed;
  return new Set([...followed].filter((id) => scopes.get(id) === mine));
}

/** Who carried a story: outlet id → its best front-page rank over the period (null: never on the front page). */
export interface StoryCarriers {
  storyId: number;
  carriers: ReadonlyMap<number, number | null>;
}

/** Why a story is a silence of the outlet. */
export type SilenceKind = "no-publicada" | "fuera-de-cabeza";

/** One silence of the outlet. */
export interface Silence {
  storyId: number;
  kind: SilenceKind;
  /** Followed outlets that carried it, and how many were followed. */
  carriers: number;
  followed: number;
  /** The outlet's best rank when it ran the story ("fuera-de-cabeza"); null if never on its front page. */
  bestRank: number | null;
}

/** Followed outlets that carried the story, when they reach the rule's share and count; else undefined. */
export function widelyCarried(
  story: StoryCarriers,
  followed: ReadonlySet<number>,
  rule: SilenceRule = DEFAULT_SILENCE_RULE,
): number | undefined {
  const needed = carriersNeeded(followed.size, rule);
  if (needed === undefined) return undefined;
  let carriers = 0;
  for (const outletId of story.carriers.keys()) if (followed.has(outletId)) carriers++;
  return carriers >= needed ? carriers : undefined;
}

/**
 * The silences of `outletId` among `stories`: widely carried stories it never ran, and (when
 * `positions` is true: its positions may be judged) those it ran but never placed at rank
 * `topRank` or higher. None when the outlet is not followed. Most carried first. With `scopes`
 * (outlet id → scope), only the followed outlets of the outlet's scope count.
 */
export function silencesOf(
  outletId: number,
  stories: readonly StoryCarriers[],
  p: { followed: ReadonlySet<number>; positions: boolean; rule?: SilenceRule; scopes?: ReadonlyMap<number, string> },
): Silence[] {
  const rule = p.rule ?? DEFAULT_SILENCE_RULE;
  if (!p.followed.has(outletId)) return [];
  const followed = comparableOutlets(outletId, p.followed, p.scopes);
  const out: Silence[] = [];
  for (const story of stories) {
    const carriers = widelyCarried(story, followed, rule);
    if (carriers === undefined) continue;
    const base = { storyId: story.storyId, carriers, followed: followed.size };
    if (!story.carriers.has(outletId)) out.push({ ...base, kind: "no-publicada", bestRank: null });
    else if (p.positions) {
      const best = story.carriers.get(outletId) ?? null;
      if (best === null || best > rule.topRank) out.push({ ...base, kind: "fuera-de-cabeza", bestRank: best });
    }
  }
  return out.sort((a, b) => b.carriers - a.carriers || a.storyId - b.storyId);
}

/** What a page may say of an outlet's silences: none can be judged, none found among widely carried stories, or some. */
export type SilenceFinding = "no-medible" | "sin-historias-compartidas" | "ninguno" | "silencios";

/**
 * The finding the data supports: "no medible" when too few outlets are comparable; when no story
 * was widely carried at all, there was nothing to miss, which is not an all-clear; "ninguno" only
 * when some stories qualified and the outlet ran (and placed) every one.
 */
export function silenceFinding(p: { followed: number; qualifying: number; silences: number; rule?: SilenceRule }): SilenceFinding {
  if (carriersNeeded(p.followed, p.rule ?? DEFAULT_SILENCE_RULE) === undefined) return "no-medible";
  if (p.silences > 0) return "silencios";
  return p.qualifying === 0 ? "sin-historias-compartidas" : "ninguno";
}
