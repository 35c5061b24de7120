/**
 * Rubric damping for the story clustering (SPEC DER-2): an outlet's rubrics and series
 * weigh less in the window's token weights.
 */
import type { ClusterItem, ClusterOptions } from "./cluster";
import { tokenKey } from "./story-similarity";

/**
 * An outlet's rubrics and series ("Bilder des Tages", "SZ-Adventsquiz", "Gesundheit:") are
 * words it puts on many of its own items and other outlets seldom use: they link its items
 * to each other, never to the news. A token at least `rubricItems` items of one outlet carry,
 * making up at least `rubricShare` of the window's items with it, weighs `rubricWeight` of its rarity.
 */
export function dampRubrics(sorted: readonly ClusterItem[], weights: Float64Array[], options: ClusterOptions): void {
  const byOutlet = new Map<number, Map<number, number>>();
  const total = new Map<number, number>();
  sorted.forEach((item) => {
    let counts = byOutlet.get(item.outletId);
    if (!counts) byOutlet.set(item.outletId, (counts = new Map()));
    for (const t of item.tokens) {
      const key = tokenKey(t);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      total.set(key, (total.get(key) ?? 0) + 1);
    }
  });
  sorted.forEach((item, position) => {
    const counts = byOutlet.get(item.outletId)!;
    const w = weights[position]!;
    for (let i = 0; i < item.tokens.length; i++) {
      const key = tokenKey(item.tokens[i]!);
      const own = counts.get(key)!;
      if (own >= options.rubricItems && own >= options.rubricShare * total.get(key)!) w[i] = w[i]! * options.rubricWeight;
    }
  });
}
