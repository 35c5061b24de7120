/**
 * Who is in which story during a round of the story clustering (SPEC DER-2): existing
 * stories (ids > 0) and new ones (keys < 0), their members, and the merges recorded.
 */
import type { ClusterItem, Merge, Placement } from "./cluster";

/** Who is in which story during a round: existing ids (> 0) and new stories' keys (< 0). */
export class StoryState {
  private readonly story = new Map<number, number>();
  private readonly members = new Map<number, number[]>();
  private readonly merges: Merge[] = [];
  private nextNew = -1;

  constructor(private readonly sorted: readonly ClusterItem[]) {
    sorted.forEach((item, index) => {
      if (item.storyId !== null) this.assign(index, item.storyId);
    });
  }

  membersOf(target: number): readonly number[] | undefined {
    return this.members.get(target);
  }

  of(position: number): number | undefined {
    return this.story.get(position);
  }

  assign(position: number, target: number): void {
    this.story.set(position, target);
    const list = this.members.get(target);
    if (list) list.push(position);
    else this.members.set(target, [position]);
  }

  /** A new story holding `position`; returns its key. */
  open(position: number): number {
    const key = this.nextNew--;
    this.assign(position, key);
    return key;
  }

  /** Merges two stories; the older survives (an existing one over a new one, else the one created first). Returns the survivor. */
  merge(a: number, b: number): number {
    const rank = (t: number) => (t > 0 ? t : Number.MAX_SAFE_INTEGER + t);
    const [keep, gone] = rank(a) <= rank(b) ? [a, b] : [b, a];
    for (const m of this.members.get(gone) ?? []) this.assign(m, keep);
    this.members.delete(gone);
    if (gone > 0) this.merges.push({ from: gone, into: keep });
    return keep;
  }

  /** The placements of the articles that had no story. */
  placements(): Placement[] {
    const placements: Placement[] = [];
    this.story.forEach((target, index) => {
      const item = this.sorted[index]!;
      if (item.storyId !== null) return;
      placements.push(target > 0 ? { articleId: item.articleId, storyId: target } : { articleId: item.articleId, newStory: -target });
    });
    return placements;
  }

  /** The merges, each pointing at its final survivor (a story merged into one that later merged on). */
  finalMerges(): Merge[] {
    const into = new Map(this.merges.map((m) => [m.from, m.into]));
    return this.merges.map((m) => {
      let target = m.into;
      for (let hop = 0; hop < this.merges.length && into.has(target); hop++) target = into.get(target)!;
      return { from: m.from, into: target };
    });
  }
}
