import { describe, expect, it, vi } from "vitest";
import { longestIncreasing, planSpans, type OpenSpan, type RankedLink } from "../../../crawler/record/span-plan";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

/** Open spans for articles in order, keys 1, 2, 3…, span ids 100 + article. */
const spans = (articles: number[]): OpenSpan[] => articles.map((a, i) => ({ spanId: 100 + a, articleId: a, position: i + 1 }));
const links = (articles: number[]): RankedLink[] => articles.map((articleId) => ({ articleId }));

/** Apply a plan: the order keys of the new page, in rank order. */
function keysAfter(open: OpenSpan[], page: number[]): number[] {
  const plan = planSpans(open, links(page));
  const byId = new Map(open.map((s) => [s.spanId, s.position]));
  const fresh = new Map(plan.open.map((o) => [o.index, o.position]));
  return page.map((a, i) => fresh.get(i) ?? byId.get(100 + a)!);
}

describe("rank-span plan", () => {
  it("finds a longest increasing subsequence, skipping gaps", () => {
    expect(longestIncreasing([3, 1, 2, undefined, 5, 4])).toEqual([1, 2, 5]);
    expect(longestIncreasing([])).toEqual([]);
    expect(longestIncreasing([undefined, undefined])).toEqual([]);
  });

  it("STO-1: a new article entering above pushes the others down without ending their spans", () => {
    const open = spans([1, 2, 3, 4, 5]);
    const plan = planSpans(open, links([1, 9, 2, 3, 4]));
    expect(plan.extend).toEqual([101, 102, 103, 104]);
    expect(plan.open).toHaveLength(1);
    expect(plan.open[0]!.index).toBe(1);
    const keys = keysAfter(open, [1, 9, 2, 3, 4]);
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
  });

  it("STO-1: a promotion ends only the moved article's span; a new lead goes above every key", () => {
    const open = spans([1, 2, 3, 4, 5]);
    const plan = planSpans(open, links([4, 1, 2, 3, 5]));
    expect(plan.extend).toEqual([101, 102, 103, 105]);
    expect(plan.open.map((o) => o.index)).toEqual([0]);
    expect(plan.open[0]!.position).toBeLessThan(1);
    const lead = keysAfter(open, [7, 8, 1, 2, 3, 4, 5]);
    expect([...lead].sort((a, b) => a - b)).toEqual(lead);
  });

  it("STO-1: with nothing open, or nothing in common, every link opens a span in rank order", () => {
    expect(planSpans([], links([5, 6, 7])).open.map((o) => o.position)).toEqual([1, 2, 3]);
    expect(planSpans(spans([1, 2]), links([3, 4])).extend).toEqual([]);
    expect(planSpans(spans([1, 2]), links([])).extend).toEqual([]);
  });

  it("STO-1: keys stay strictly ordered after thousands of insertions at one place", () => {
    let open = spans([1, 2]);
    for (let n = 3; n < 3000; n++) {
      const page = [1, n, ...open.slice(1).map((s) => s.articleId)].slice(0, 60);
      const plan = planSpans(open, links(page));
      const extended = new Map(open.filter((s) => plan.extend.includes(s.spanId)).map((s) => [s.articleId, s]));
      const opened = new Map(plan.open.map((o) => [page[o.index]!, o.position]));
      open = page.map((a) => extended.get(a) ?? { spanId: 100_000 + a, articleId: a, position: opened.get(a)! });
      const keys = open.map((s) => s.position);
      expect(keys.every((k, i) => i === 0 || keys[i - 1]! < k)).toBe(true);
    }
  });

  it("EXT-3, DER-7: in browser mode a span ends when its box changes size or crosses the fold, not when it moves", () => {
    const box = (width: number, aboveFold: boolean) => ({ width, height: 100, aboveFold });
    const open: OpenSpan[] = [
      { spanId: 1, articleId: 1, position: 1, box: box(600, true) },
      { spanId: 2, articleId: 2, position: 2, box: box(300, true) },
      { spanId: 3, articleId: 3, position: 3, box: box(300, true) },
    ];
    const plan = planSpans(open, [
      { articleId: 1, box: box(600, true) },
      { articleId: 2, box: box(300.2, true) },
      { articleId: 3, box: box(300, false) },
    ]);
    expect(plan.extend).toEqual([1, 2]);
    expect(plan.open.map((o) => o.index)).toEqual([2]);
  });
});
