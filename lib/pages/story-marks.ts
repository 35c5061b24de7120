/**
 * Marks for the stories that appear in more than one outlet of a comparison (SPEC WEB-5:
 * the same story marked across columns, the same colour across a day's strips): a letter
 * (so that colour is never the only cue) and a colour from a palette readable by people
 * with the common colour-vision deficiencies. Pure.
 */

/** Okabe–Ito's palette, darkened where white letters need contrast (WCAG AA for bold small text). */
export const STORY_COLOURS = [
  "#0b5ea8",
  "#b35900",
  "#007a5e",
  "#a8327a",
  "#5b4a9e",
  "#8a6d00",
  "#2f6f8f",
  "#b32d2d",
  "#4d7a1f",
  "#6b5344",
] as const;

/**
 * The colour of the `index`-th mark: the palette first, then hues spaced by the golden angle at
 * the palette's darkness (white letters stay readable), so two different stories never share a
 * colour; the letter remains the cue that does not rely on colour at all.
 */
export function storyColour(index: number): string {
  if (index < STORY_COLOURS.length) return STORY_COLOURS[index]!;
  const hue = Math.round(((index - STORY_COLOURS.length) * 137.508 + 15) % 360);
  const lightness = 28 + ((index - STORY_COLOURS.length) % 3) * 4;
  return `hsl(${hue} 70% ${lightness}%)`;
}

/** The mark of one shared story. */
export interface StoryMark {
  storyId: number;
  letter: string;
  colour: string;
}

/** Letters for marks: A…Z, then AA, AB… */
export function markLetter(index: number): string {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return index < 26 ? letters[index]! : `${markLetter(Math.floor(index / 26) - 1)}${letters[index % 26]}`;
}

/**
 * Marks for the stories found in at least two of `groups` (each group: the story ids of one
 * outlet, in order of importance; null for an article in no story). The stories most
 * groups share come first, then those seen earliest (by their best place in any group).
 * Neither letters nor colours repeat (storyColour).
 */
export function storyMarks(groups: readonly (readonly (number | null)[])[]): Map<number, StoryMark> {
  const seen = new Map<number, { groups: number; best: number }>();
  for (const group of groups) {
    for (const [place, id] of [...new Set(group)].entries()) {
      if (id === null) continue;
      const s = seen.get(id) ?? { groups: 0, best: Infinity };
      s.groups += 1;
      s.best = Math.min(s.best, place);
      seen.set(id, s);
    }
  }
  const shared = [...seen].filter(([, s]) => s.groups >= 2).sort(([a, x], [b, y]) => y.groups - x.groups || x.best - y.best || a - b);
  return new Map(shared.map(([storyId], i) => [storyId, { storyId, letter: markLetter(i), colour: storyColour(i) }]));
}
