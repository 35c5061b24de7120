/**
 * Which rank spans a front-page capture extends and which it opens (SPEC STO-1), as a
 * pure function. A span holds while its article keeps its order relative to the other
 * articles on the page: a new article entering above pushes the ones below down without
 * ending their spans. So spans carry an order key (`position`), not a rank; the rank at
 * an instant is the span's place among the spans covering that instant.
 *
 * The plan keeps the largest set of open spans whose articles are still on the page in
 * the same relative order (a longest increasing subsequence), so a promotion or demotion
 * ends only the moved article's span. Every other article gets a new span whose key
 * falls between the keys of its kept neighbours. In browser mode a span also ends when
 * its box changes size or crosses the fold, since DER-7 reads the lead from boxes.
 */

/** A span still open after the previous capture. */
export interface OpenSpan {
  spanId: number;
  articleId: number;
  position: number;
  box?: { width: number; height: number; aboveFold: boolean };
}

/** One link of the new capture, in rank order. */
export interface RankedLink {
  articleId: number;
  box?: { width: number; height: number; aboveFold: boolean };
}

/** What to write: spans to extend, and new spans with their order keys (in rank order). */
export interface SpanPlan {
  extend: number[];
  open: { index: number; position: number }[];
}

/** Gap between consecutive keys when there is room. */
const STEP = 1;

function sameBox(a: OpenSpan["box"], b: RankedLink["box"]): boolean {
  if (!a || !b) return !a && !b;
  return Math.round(a.width) === Math.round(b.width) && Math.round(a.height) === Math.round(b.height) && a.aboveFold === b.aboveFold;
}

/** Indexes (into `keys`) of a longest strictly increasing subsequence; `undefined` entries are skipped. */
export function longestIncreasing(keys: readonly (number | undefined)[]): number[] {
  const tails: number[] = []; // index of the smallest tail of each length
  const previous = new Array<number>(keys.length).fill(-1);
  keys.forEach((key, i) => {
    if (key === undefined) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[tails[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = i;
  });
  const out: number[] = [];
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i]!) out.push(i);
  return out.reverse();
}

/** Keys strictly between `lo` and `hi` (either may be open) for `n` new spans, or `undefined` if doubles run out. */
function keysBetween(lo: number | undefined, hi: number | undefined, n: number): number[] | undefined {
  const keys = Array.from({ length: n }, (_, i) => {
    if (lo === undefined && hi === undefined) return (i + 1) * STEP;
    if (lo === undefined) return hi! - (n - i) * STEP;
    if (hi === undefined) return lo + (i + 1) * STEP;
    return lo + ((hi - lo) * (i + 1)) / (n + 1);
  });
  const bounded = [lo ?? -Infinity, ...keys, hi ?? Infinity];
  return bounded.every((k, i) => i === 0 || bounded[i - 1]! < k) ? keys : undefined;
}

/** Plan a capture against the spans open after the previous one (`open` in any order). */
export function planSpans(open: readonly OpenSpan[], links: readonly RankedLink[]): SpanPlan {
  const byArticle = new Map(open.map((s) => [s.articleId, s]));
  const candidates = links.map((l) => {
    const s = byArticle.get(l.articleId);
    return s && sameBox(s.box, l.box) ? s : undefined;
  });
  const kept = new Set(longestIncreasing(candidates.map((s) => s?.position)));
  for (;;) {
    const open: SpanPlan["open"] = [];
    let failedAt: number | undefined;
    let run: number[] = [];
    let lo: number | undefined;
    for (let i = 0; i <= links.length && failedAt === undefined; i++) {
      if (i < links.length && !kept.has(i)) {
        run.push(i);
        continue;
      }
      const hi = i < links.length ? candidates[i]!.position : undefined;
      if (run.length > 0) {
        const keys = keysBetween(lo, hi, run.length);
        if (keys) run.forEach((index, k) => open.push({ index, position: keys[k]! }));
        else failedAt = i;
      }
      run = [];
      lo = hi;
    }
    // Doubles ran out between two kept keys (after many insertions at one place): the
    // lower neighbour gets a new span too, which widens the gap.
    if (failedAt !== undefined) {
      kept.delete(failedAt);
      continue;
    }
    return { extend: [...kept].sort((a, b) => a - b).map((i) => candidates[i]!.spanId), open };
  }
}
