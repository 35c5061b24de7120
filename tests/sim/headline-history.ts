/**
 * How an article's headline changes over its life: most stay, some are rewritten
 * once or twice, and some run an A/B test that flips A→B→A… before settling
 * (SPEC DER-6 must tell the two apart). The whole schedule is drawn at once, so the
 * ground truth knows past and future versions.
 */
import type { Dice, DrawKey } from "./dice";
import { headlineFor, nextDistinctStyle, type NewsCore } from "./headlines";

/** One headline and the time it goes live (epoch ms). */
export interface HeadlineVersion {
  text: string;
  from: number;
}

/** What the headline does over time. */
export type HeadlinePattern = "stable" | "rewritten" | "ab-test";

/** A headline schedule: versions sorted by `from`, the first at publication. */
export interface HeadlineSchedule {
  pattern: HeadlinePattern;
  versions: HeadlineVersion[];
}

const MINUTE = 60_000;

/** Draws the schedule for an article published at `publishedAt` whose first style is `style`. */
export function drawHeadlineSchedule(dice: Dice, key: DrawKey, core: NewsCore, publishedAt: number, style: number): HeadlineSchedule {
  const first = headlineFor(core, style);
  const versions: HeadlineVersion[] = [{ text: first, from: publishedAt }];
  const roll = dice.unit(...key, "pattern");
  if (core.opinion || roll < 0.5) return { pattern: "stable", versions };

  if (roll < 0.8) {
    // Rewrites: one or two, spaced so a 10–15 min poller sees each.
    let at = publishedAt;
    let text = first;
    let nextStyle = style + 1;
    const count = dice.int(1, 2, ...key, "rewrites");
    for (let i = 0; i < count; i++) {
      at += dice.int(15, 90, ...key, "rewrite-at", i) * MINUTE;
      nextStyle = nextDistinctStyle(core, nextStyle + i * 3, text);
      text = headlineFor(core, nextStyle);
      versions.push({ text, from: at });
    }
    return { pattern: "rewritten", versions };
  }

  // A/B test: alternate B, A, B… with periods longer than the poll intervals,
  // so the crawler can observe A→B→A; a handful of flips, then it stays put.
  const b = headlineFor(core, nextDistinctStyle(core, style + 1, first));
  const period = dice.int(20, 40, ...key, "ab-period") * MINUTE;
  let at = publishedAt + dice.int(10, 30, ...key, "ab-start") * MINUTE;
  const flips = dice.int(3, 5, ...key, "ab-flips");
  for (let i = 0; i < flips; i++, at += period) versions.push({ text: i % 2 === 0 ? b : first, from: at });
  return { pattern: "ab-test", versions };
}

/** The headline live at `time`, or `undefined` before publication. */
export function headlineAt(schedule: HeadlineSchedule, time: number): HeadlineVersion | undefined {
  let live: HeadlineVersion | undefined;
  for (const version of schedule.versions) {
    if (version.from > time) break;
    live = version;
  }
  return live;
}
