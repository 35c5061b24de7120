/**
 * Stories covered by several outlets. Story slots tick on one global timeline;
 * each story is picked up by 3–6 outlets, the first within minutes and the others hours
 * apart (calibrated on the labelled real set's gaps between outlets, docs/stories.md),
 * which makes about a third of every outlet's articles shared. Some outlets follow their
 * own article up within a day (a reaction, a new turn). Some stories are wire copy: every
 * outlet runs the same agency text (EFE, Europa Press) for wire-copy detection (SPEC DER-3).
 */
import type { Dice } from "./dice";
import { drawCore, type NewsCore } from "./headlines";
import type { SimOutlet } from "./outlets";
import { AGENCIES } from "./vocabulary";

/** One story and the outlets that cover it. */
export interface SimStory {
  /** Stable label, e.g. `story-11600321`: the clustering benchmark's ground truth. */
  id: string;
  index: number;
  /** When the news breaks; outlets publish within `MAX_PICKUP_MS` after. */
  breaksAt: number;
  /** Slugs of the covering outlets, in pickup-style order. */
  outlets: string[];
  /** Wire agency whose copy all covering outlets run, if any. */
  agency?: string;
  core: NewsCore;
  /** Base headline style; outlet i uses `styleBase + 7 * i` so no two outlets share a template. */
  styleBase: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Latest an outlet publishes a story after it breaks. */
export const PICKUP_SPAN_MS = 18 * HOUR;
/** Latest an outlet's follow-up comes after its own first article. */
export const FOLLOW_UP_SPAN_MS = 30 * HOUR;
/** Latest any article of a story (first pickup or follow-up) comes after it breaks: how far back a window looks for story slots. */
export const MAX_PICKUP_MS = PICKUP_SPAN_MS + FOLLOW_UP_SPAN_MS;
/** Share of a story's outlets that follow their own article up. */
export const FOLLOW_UP_SHARE = 0.35;
/** Share of stories that are wire copy (same body and credit line; each outlet writes its own lede, as the real set's share none). */
export const WIRE_SHARE = 0.35;

/**
 * Delay of the outlet at `position` (pickup order) after the story breaks: the first within
 * 20 minutes, the others log-uniform between 10 minutes and `PICKUP_SPAN_MS`, so gaps between
 * two outlets run from minutes to half a day, with a median of a few hours (the real set's).
 */
export function pickupDelayMs(dice: Dice, index: number, position: number): number {
  const key = ["story", index, "pickup", position] as const;
  if (position === 0) return dice.int(0, 20 * 60, ...key) * 1000;
  const low = Math.log(10 * MINUTE);
  const high = Math.log(PICKUP_SPAN_MS);
  return Math.round(Math.exp(low + (high - low) * dice.unit(...key)));
}

/** Delay of the outlet's follow-up after its own first article, or `undefined` when it runs none. */
export function followUpDelayMs(dice: Dice, index: number, position: number): number | undefined {
  const key = ["story", index, "follow-up", position] as const;
  if (dice.unit(...key, "runs") >= FOLLOW_UP_SHARE) return undefined;
  return dice.int(60, FOLLOW_UP_SPAN_MS / MINUTE, ...key, "after") * MINUTE;
}

/**
 * Milliseconds between story slots; scaled so each outlet sees the same share whatever the
 * outlet count, times 1 ÷ `publishing` (the share of its usual rate each outlet publishes).
 */
export function storyIntervalMs(outletCount: number, publishing = 1): number {
  return Math.round((150_000 * 30) / outletCount / publishing);
}

/**
 * Positions (in `outletCount`) of the outlets covering story number `index`, in pickup-style
 * order: a partial Fisher–Yates over outlet positions, drawn per step so it is stateless, with
 * only the displaced positions kept, so a story costs its 3–6 picks whatever the outlet count.
 */
export function storyOutletPositions(dice: Dice, outletCount: number, index: number): number[] {
  if (outletCount < 2) return [];
  const key = ["story", index] as const;
  const count = Math.min(outletCount, dice.int(3, 6, ...key, "count"));
  const displaced = new Map<number, number>();
  const picked: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(dice.unit(...key, "pick", i) * (outletCount - i));
    const atJ = displaced.get(j) ?? j;
    picked.push(atJ);
    // Position i is never drawn from again; position j now holds what stood at i.
    displaced.set(j, displaced.get(i) ?? i);
  }
  return picked;
}

/** Story number `index` of the global timeline, or `undefined` when too few outlets exist to share. */
export function drawStory(dice: Dice, outlets: readonly SimOutlet[], index: number, publishing = 1): SimStory | undefined {
  if (outlets.length < 2) return undefined;
  const interval = storyIntervalMs(outlets.length, publishing);
  const key = ["story", index] as const;
  return {
    id: `story-${index}`,
    index,
    breaksAt: index * interval + Math.floor(dice.unit(...key, "at") * interval * 0.5),
    outlets: storyOutletPositions(dice, outlets.length, index).map((p) => outlets[p]!.slug),
    agency: dice.unit(...key, "wire") < WIRE_SHARE ? dice.pick(AGENCIES, ...key, "agency") : undefined,
    core: drawCore(dice, key),
    styleBase: dice.int(0, 999, ...key, "style"),
  };
}
