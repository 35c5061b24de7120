/**
 * A day's leads drawn as strips (SPEC WEB-5): for each outlet, hour by hour, which article
 * led its front page, coloured by story so that the same story has the same colour in
 * every strip; and the same as runs of consecutive hours, for the table that is the
 * accessible version. Pure.
 */
import { storyMarks, type StoryMark } from "./story-marks";

/** What an hour's cell shows. */
export type LeadCell =
  { kind: "story"; articleId: number; mark: StoryMark } | { kind: "own"; articleId: number } | { kind: "none" } | { kind: "future" };

/** Consecutive hours led by one article: hour indexes `from`…`to` (inclusive). */
export interface LeadRun {
  from: number;
  to: number;
  articleId: number;
}

/** Runs of consecutive hours with the same leading article (hours without one are left out). */
export function leadRuns(leads: readonly (number | null)[]): LeadRun[] {
  const runs: LeadRun[] = [];
  leads.forEach((id, i) => {
    const last = runs[runs.length - 1];
    if (id === null) return;
    if (last && last.articleId === id && last.to === i - 1) last.to = i;
    else runs.push({ from: i, to: i, articleId: id });
  });
  return runs;
}

/**
 * The cells of every outlet's strip. `storyOf` gives an article's story; a story that led
 * in two or more outlets that day gets a mark, any other lead is the outlet's own. Hours
 * whose sample lies after `now` are "future".
 */
export function leadStrips(
  outlets: readonly (readonly (number | null)[])[],
  storyOf: (articleId: number) => number | null,
  samples: readonly number[],
  now: number,
): { cells: LeadCell[][]; marks: Map<number, StoryMark> } {
  const marks = storyMarks(outlets.map((leads) => leads.map((id) => (id === null ? null : storyOf(id)))));
  const cells = outlets.map((leads) =>
    leads.map((id, i): LeadCell => {
      if (samples[i]! > now) return { kind: "future" };
      if (id === null) return { kind: "none" };
      const story = storyOf(id);
      const mark = story === null ? undefined : marks.get(story);
      return mark ? { kind: "story", articleId: id, mark } : { kind: "own", articleId: id };
    }),
  );
  return { cells, marks };
}
