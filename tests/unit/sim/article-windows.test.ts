import { describe, expect, it, vi } from "vitest";
import { withArticleWindows } from "../../sim/article-windows";
import { simOutlets } from "../../sim/outlets";
import { createWorld } from "../../sim/world";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const HOUR = 3_600_000;
const T0 = Date.parse("2026-03-10T12:00:00Z");
const ids = (list: { id: string }[]) => list.map((a) => a.id);

describe("the simulator's memo of article windows", () => {
  it("answers exactly as the world does, as now moves on, jumps ahead and goes back", () => {
    const outlets = simOutlets(40);
    const world = createWorld(3, outlets);
    const memo = withArticleWindows(createWorld(3, outlets));
    const times = [T0, T0 + 1_000, T0 + 4_321, T0 + 9 * 60_000, T0 + 11 * 60_000, T0 + 5 * HOUR, T0 - HOUR, T0 + 37];
    for (const slug of [outlets[0]!.slug, outlets[7]!.slug, outlets[39]!.slug]) {
      for (const now of times) {
        for (const window of [12 * HOUR, 24 * HOUR, 72 * HOUR]) {
          expect(ids(memo.articlesOf(slug, now - window, now))).toEqual(ids(world.articlesOf(slug, now - window, now)));
        }
      }
    }
  });

  it("leaves the rest of the world as it is", () => {
    const world = createWorld(3, simOutlets(5));
    const memo = withArticleWindows(world);
    expect(memo.outlets).toBe(world.outlets);
    expect(memo.seed).toBe(world.seed);
    const [a] = world.articlesOf(world.outlets[0]!.slug, T0 - 12 * HOUR, T0);
    expect(memo.article(a!.id)).toBe(world.article(a!.id));
  });
});
