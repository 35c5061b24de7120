import { describe, expect, it, vi } from "vitest";
import { createDice } from "../../sim/dice";
import { simOutlets } from "../../sim/outlets";
import { drawStory, MAX_PICKUP_MS, storyIntervalMs, storyOutletPositions } from "../../sim/stories";
import { createWorld } from "../../sim/world";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const HOUR = 3_600_000;
const T0 = Date.parse("2026-03-10T12:00:00Z");

/** Story slots covering the outlet at `position` in [from, to], found by drawing every slot of the window. */
function scannedStories(seed: number, count: number, position: number, from: number, to: number): number[] {
  const dice = createDice(seed);
  const interval = storyIntervalMs(count);
  const found: number[] = [];
  for (let j = Math.max(0, Math.floor((from - MAX_PICKUP_MS) / interval) - 1); j <= Math.floor(to / interval); j++) {
    if (storyOutletPositions(dice, count, j).includes(position)) found.push(j);
  }
  return found;
}

describe("the simulated world", () => {
  it("finds an outlet's stories through its index exactly as a scan of every story slot does", () => {
    // 6,000 outlets: slot numbers pass 2³¹ (a story every 750 ms).
    for (const count of [2, 3, 40, 400, 6000]) {
      const world = createWorld(5, simOutlets(count));
      for (const position of [0, count - 1]) {
        const o = world.outlets[position]!;
        const windows = [
          [T0 - 72 * HOUR, T0 - 70 * HOUR],
          [T0 + 59 * 60_000, T0 + 61 * 60_000],
          ...(count < 1000 ? [[T0 - 12 * HOUR, T0]] : []),
        ] as const;
        for (const [from, to] of windows) {
          const published = world
            .articlesOf(o.slug, from, to)
            .filter((a) => a.storyId)
            .map((a) => a.localId);
          // A slot gives the outlet's article and, when it runs one, its follow-up ("s12f").
          const scanned = scannedStories(5, count, position, from, to).flatMap((j) =>
            [`s${j}`, `s${j}f`].filter((local) => {
              const a = world.article(`${o.slug}:${local}`);
              return a !== undefined && a.publishedAt >= from && a.publishedAt <= to;
            }),
          );
          expect(published.sort()).toEqual(scanned.sort());
        }
      }
    }
  }, 30_000);

  it("publishes a share of the usual rate when asked (the pacing bench's 10,000 sites publish what 1,000 do)", () => {
    const outlets = simOutlets(400);
    const usual = createWorld(5, outlets);
    const tenth = createWorld(5, outlets, 0.1);
    const count = (world: typeof usual, story: boolean) =>
      outlets
        .slice(0, 40)
        .reduce((n, o) => n + world.articlesOf(o.slug, T0 - 48 * HOUR, T0).filter((a) => Boolean(a.storyId) === story).length, 0);
    for (const story of [false, true]) {
      const ratio = count(tenth, story) / count(usual, story);
      expect(ratio).toBeGreaterThan(0.07);
      expect(ratio).toBeLessThan(0.14);
    }
  });

  it("draws a story's outlets among thousands without copying the outlet list, in the same order as a full shuffle", () => {
    const outlets = simOutlets(5000);
    const dice = createDice(9);
    for (const index of [0, 1, 77, 123_456]) {
      const pool = outlets.map((o) => o.slug);
      const story = drawStory(dice, outlets, index)!;
      for (let i = 0; i < story.outlets.length; i++) {
        const j = i + Math.floor(dice.unit("story", index, "pick", i) * (pool.length - i));
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      expect(story.outlets).toEqual(pool.slice(0, story.outlets.length));
      expect(new Set(story.outlets).size).toBe(story.outlets.length);
    }
  });

  it("gives a feed the lede of the article's text, wire copy included, whether or not the text was drawn", () => {
    const outlets = simOutlets(30);
    const fresh = createWorld(2, outlets);
    const drawn = createWorld(2, outlets);
    const articles = outlets.slice(0, 6).flatMap((o) => fresh.articlesOf(o.slug, T0 - 6 * HOUR, T0));
    expect(articles.some((a) => a.agency)).toBe(true);
    for (const a of articles) {
      const text = drawn.textOf(a);
      expect(fresh.ledeOf(a)).toBe(text.lede);
      expect(drawn.ledeOf(a)).toBe(text.lede);
    }
  });
});
