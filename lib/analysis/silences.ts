/**
 * Silences (SPEC DER-11), pure: the stories most of the followed outlets carried that one
 * outlet never ran, or never placed high on its front page, in a period. An outlet is
 * "followed" when we captured its front page for most of the period (the read model
 * decides, db/queries/outlet-page/silences.ts); only followed outlets count, on both sides of the share.
 */

/** Days of the default period. */
export const SILENCE_DAYS = 7;
/** Share of the period's hours an outlet's front page must have been captured in to count as followed. */
export const FOLLOWED_HOURS_SHARE = 0.5;

/** The rule's knobs. */
export interface SilenceRule {
  /** Share of the followed outlets that must carry a story (0–1]. @default 0.7 */
  share: number;
  /** A carried story placed no higher than this rank on the outlet's front page is a silence too. @default 10 */
  topRank: number;
  /** Fewer followed outlets than this and no story is judged (a share of 2 outlets says nothing). @default 3 */
  minFollowed: number;
}

/** The rule as published on /metodologia. */
export const DEFAULT_SILENCE_RULE: SilenceRule = { share: 0.7, topRank: 10, minFollowed: 3 };

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

/** Followed outlets that carried the story, when they reach the rule's share; else undefined. */
export function widelyCarried(
  story: StoryCarriers,
  followed: ReadonlySet<number>,
  rule: SilenceRule = DEFAULT_SILENCE_RULE,
): number | undefined {
  if (followed.size < rule.minFollowed) return undefined;
  let carriers = 0;
  for (const outletId of story.carriers.keys()) if (followed.has(outletId)) carriers++;
  return carriers / followed.size >= rule.share ? carriers : undefined;
}

/**
 * The silences of `outletId` among `stories`: widely carried stories it never ran, and (when
 * `positions` is true: its positions may be judged) those it ran but never placed at rank
 * `topRank` or higher. None when the outlet is not followed. Most carried first.
 */
export function silencesOf(
  outletId: number,
  stories: readonly StoryCarriers[],
  p: { followed: ReadonlySet<number>; positions: boolean; rule?: SilenceRule },
): Silence[] {
  const rule = p.rule ?? DEFAULT_SILENCE_RULE;
  if (!p.followed.has(outletId)) return [];
  const out: Silence[] = [];
  for (const story of stories) {
    const carriers = widelyCarried(story, p.followed, rule);
    if (carriers === undefined) continue;
    const base = { storyId: story.storyId, carriers, followed: p.followed.size };
    if (!story.carriers.has(outletId)) out.push({ ...base, kind: "no-publicada", bestRank: null });
    else if (p.positions) {
      const best = story.carriers.get(outletId) ?? null;
      if (best === null || best > rule.topRank) out.push({ ...base, kind: "fuera-de-cabeza", bestRank: best });
    }
  }
  return out.sort((a, b) => b.carriers - a.carriers || a.storyId - b.storyId);
}
