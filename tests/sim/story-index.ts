/**
 * Which story slots each outlet covers, by blocks of the global story timeline. Slots come
 * faster the more outlets there are (each outlet sees the same share), so scanning every slot
 * of a window for one outlet costs in proportion to the outlet count. Here a block's slots are
 * drawn once for all outlets and filed by outlet position (offsets and slot numbers in typed
 * arrays), so an outlet's stories in a window cost only its own share of the block.
 */
import type { Dice } from "./dice";
import { storyIntervalMs, storyOutletPositions } from "./stories";

/** Timeline covered by one block, whatever the outlet count. */
const BLOCK_MS = 60 * 60_000;
/** Blocks kept (four days and more of the timeline). */
const BLOCK_LIMIT = 128;

interface Block {
  /** First slot of the block (slot numbers pass 2³¹ at 10,000 outlets, so they are kept relative). */
  start: number;
  /** Outlet p's slots are `start + within[offsets[p]]` … `start + within[offsets[p + 1] - 1]`, ascending. */
  offsets: Int32Array;
  within: Int32Array;
}

/** Story slots by outlet position, for one world. */
export interface StoryIndex {
  /** Slots in [first, last] covered by the outlet at `position`, ascending. */
  slotsOf(position: number, first: number, last: number): number[];
}

/** The index for `outletCount` outlets drawn with `dice`. */
export function createStoryIndex(dice: Dice, outletCount: number, publishing = 1): StoryIndex {
  const perBlock = Math.max(1, Math.ceil(BLOCK_MS / storyIntervalMs(outletCount, publishing)));
  const blocks = new Map<number, Block>();

  function build(b: number): Block {
    const covered: number[][] = [];
    const counts = new Int32Array(outletCount + 1);
    for (let s = b * perBlock; s < (b + 1) * perBlock; s++) {
      const positions = storyOutletPositions(dice, outletCount, s);
      covered.push(positions);
      for (const p of positions) counts[p + 1]!++;
    }
    for (let p = 0; p < outletCount; p++) counts[p + 1]! += counts[p]!;
    const within = new Int32Array(counts[outletCount]!);
    const next = counts.slice(0, outletCount);
    covered.forEach((positions, i) => {
      for (const p of positions) within[next[p]!++] = i;
    });
    return { start: b * perBlock, offsets: counts, within };
  }

  function block(b: number): Block {
    let found = blocks.get(b);
    if (!found) {
      // Oldest first out: a window moves forward through the timeline.
      if (blocks.size >= BLOCK_LIMIT) blocks.delete(blocks.keys().next().value!);
      found = build(b);
      blocks.set(b, found);
    }
    return found;
  }

  return {
    slotsOf(position, first, last) {
      const out: number[] = [];
      if (outletCount < 2 || position < 0 || position >= outletCount) return out;
      for (let b = Math.max(0, Math.floor(first / perBlock)); b <= Math.floor(last / perBlock); b++) {
        const { start, offsets, within } = block(b);
        for (let e = offsets[position]!; e < offsets[position + 1]!; e++) {
          const s = start + within[e]!;
          if (s >= first && s <= last) out.push(s);
        }
      }
      return out;
    },
  };
}
