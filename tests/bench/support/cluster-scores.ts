/**
 * B-cubed precision, recall and F1 of a clustering against labelled stories (Bagga and
 * Baldwin 1998; Amigó et al. 2009): for each item, the share of its predicted cluster that
 * is in its true story (precision) and the share of its true story that is in its predicted
 * cluster (recall), averaged over items. Unlike pairwise scores, large stories do not drown
 * the small ones. An item without a label (truth or prediction) is a cluster of its own.
 */

/** B-cubed scores over `items`. */
export interface BCubedScores {
  precision: number;
  recall: number;
  f1: number;
}

/** B-cubed scores of `predicted` against `truth` over the given items. */
export function bcubedScores(
  items: readonly number[],
  truth: ReadonlyMap<number, string>,
  predicted: ReadonlyMap<number, string>,
): BCubedScores {
  const label = (map: ReadonlyMap<number, string>, id: number) => map.get(id) ?? `alone ${id}`;
  const sizes = (map: ReadonlyMap<number, string>) => {
    const n = new Map<string, number>();
    for (const id of items) n.set(label(map, id), (n.get(label(map, id)) ?? 0) + 1);
    return n;
  };
  const truthSizes = sizes(truth);
  const predictedSizes = sizes(predicted);
  const both = new Map<string, number>();
  for (const id of items) {
    const key = `${label(predicted, id)}\u0000${label(truth, id)}`;
    both.set(key, (both.get(key) ?? 0) + 1);
  }
  let precision = 0;
  let recall = 0;
  for (const id of items) {
    const shared = both.get(`${label(predicted, id)}\u0000${label(truth, id)}`)!;
    precision += shared / predictedSizes.get(label(predicted, id))!;
    recall += shared / truthSizes.get(label(truth, id))!;
  }
  const n = Math.max(1, items.length);
  precision /= n;
  recall /= n;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}
