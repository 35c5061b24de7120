// The story clustering's second pass: described items alone and stories joined by their centroids (SPEC DER-2).
import { describe, expect, it } from "vitest";
import {
  clusterStories,
  DEFAULT_CLUSTER_OPTIONS,
  SECOND_PASS_OPTIONS,
  type ClusterItem,
  type ClusterOptions,
} from "../../../lib/analysis/cluster";
import { fingerprintTokens, tokenHash } from "../../../lib/analysis/fingerprint";

const T0 = Date.parse("2026-03-10T08:00:00Z");
const MIN = 60_000;

const words = (...list: string[]) => [1, ...list.map((w) => tokenHash(w, false)).sort((a, b) => a - b)];
const item = (articleId: number, at: number, list: string[], extra: Partial<ClusterItem> = {}): ClusterItem => ({
  articleId,
  outletId: (articleId % 7) + 1,
  at,
  tokens: fingerprintTokens(words(...list)),
  storyId: null,
  pending: true,
  withDescription: true,
  ...extra,
});
/**
 * A thousand other described articles: each word of theirs in one or two of them, and "g1"–"g3"
 * in twenty each (common enough to weigh, too common to be anyone's rare word).
 */
const filler = Array.from({ length: 1_000 }, (_, n) =>
  item(1_000 + n, T0 - 600 * MIN + n * 30_000, [`f${n}`, `f${n + 1}`, ...(n < 60 ? [`g${1 + (n % 3)}`] : [])]),
);
const WITHOUT_SECOND_PASS: ClusterOptions = {
  ...DEFAULT_CLUSTER_OPTIONS,
  consolidation: { ...SECOND_PASS_OPTIONS, passes: 0 },
};
/** The second pass without its guard (`linkFloor` 0), as first chosen. */
const SECOND_PASS: ClusterOptions = { ...DEFAULT_CLUSTER_OPTIONS, consolidation: { ...SECOND_PASS_OPTIONS, linkFloor: 0 } };
/** The second pass with its guard: a join also needs a direct link to one member. */
const GUARDED: ClusterOptions = { ...DEFAULT_CLUSTER_OPTIONS, consolidation: SECOND_PASS_OPTIONS };

/** The story (placement target) of each article id placed. */
function storyOf(items: ClusterItem[], options: ClusterOptions = SECOND_PASS): Map<number, string> {
  return new Map(clusterStories(items, options).placements.map((p) => [p.articleId, "storyId" in p ? `s${p.storyId}` : `n${p.newStory}`]));
}

describe("story clustering, second pass", () => {
  // Four reports of one event share its four words; each adds one detail of its own. A fifth
  // report tells the four details and none of the four words: it matches no report on the
  // pair rule (one word in common with each), but it matches what the story says as a whole.
  const story = [1, 2, 3, 4].map((n) => item(n, T0 + n * MIN, ["a", "b", "c", "d", `p${n}`]));
  const details = (extra: Partial<ClusterItem> = {}) => item(9, T0 + 30 * MIN, ["p1", "p2", "p3", "p4", "x"], extra);

  it("DER-2: a described item that matches no member alone joins the story whose centroid it matches", () => {
    const placed = storyOf([...filler, ...story, details()]);
    expect(placed.get(9)).toBeDefined();
    expect(placed.get(9)).toBe(placed.get(1));
    expect(new Set([1, 2, 3, 4].map((n) => placed.get(n))).size).toBe(1);
    // The first pass alone leaves it out.
    expect(storyOf([...filler, ...story, details()], WITHOUT_SECOND_PASS).get(9)).toBeUndefined();
  });

  it("DER-2: a headline alone does not join a story by its centroid (too short to be read against one)", () => {
    expect(storyOf([...filler, ...story, details({ withDescription: false })]).get(9)).toBeUndefined();
  });

  it("DER-2: two items alone are never joined by the second pass: a pair is the pair rule's call", () => {
    // Two items of one outlet with four rare words in common among eleven others each: a cosine
    // near 0.3, which the pair rule takes down by the same-outlet term and the centroids would not.
    const own = (from: number) => Array.from({ length: 11 }, (_, n) => `f${from + n}`);
    const pair = [
      item(1, T0, ["r1", "r2", "r3", "r4", ...own(10)], { outletId: 3 }),
      item(2, T0 + MIN, ["r1", "r2", "r3", "r4", ...own(30)], { outletId: 3 }),
    ];
    expect(clusterStories([...filler, ...pair], SECOND_PASS).placements).toEqual([]);
  });

  it("DER-2: two stored stories whose centroids agree are merged when one grows; the older id survives and the merge is recorded", () => {
    const stored = (articleId: number, storyId: number, list: string[]) =>
      item(articleId, T0 + articleId * MIN, list, { storyId, pending: false });
    const items = [
      ...filler,
      stored(1, 5, ["k1", "k2", "k3", "k4", "k5"]),
      stored(2, 5, ["k1", "k2", "k3", "k4", "k5"]),
      stored(3, 9, ["k1", "k2", "k3", "k4", "m1", "m2", "m3", "m4"]),
      stored(4, 9, ["k1", "k2", "k3", "k4", "m1", "m2", "m3", "m4"]),
      // The new article links to story 9's members only (the m words).
      item(7, T0 + 20 * MIN, ["m1", "m2", "m3", "m4", "y"]),
    ];
    const { placements, merges } = clusterStories(items, SECOND_PASS);
    expect(merges).toEqual([{ from: 9, into: 5 }]);
    expect(placements).toEqual([{ articleId: 7, storyId: 5 }]);
    // Without the second pass it joins story 9, and the stories stay apart.
    expect(clusterStories(items, WITHOUT_SECOND_PASS)).toEqual({ placements: [{ articleId: 7, storyId: 9 }], merges: [] });
  });

  it("DER-2: an item alone that carries a word a story owns joins it on a lower centroid score", () => {
    // Ten reports of one event share its name "eb" and three rare words; a later report names it
    // among words many other articles use: one shared word, which ten of the eleven articles
    // carrying it are the story's.
    const members = Array.from({ length: 10 }, (_, n) => item(n + 1, T0 + n * MIN, ["eb", "r1", "r2", "r3", `d${n}`]));
    const later = item(20, T0 + 40 * MIN, ["eb", "g1", "g2", "g3"]);
    const placed = storyOf([...filler, ...members, later]);
    expect(placed.get(20)).toBe(placed.get(1));
    const noOwnership: ClusterOptions = { ...SECOND_PASS, consolidation: { ...SECOND_PASS.consolidation, ownShare: 2 } };
    expect(storyOf([...filler, ...members, later], noOwnership).get(20)).toBeUndefined();
  });

  it("DER-2: the guard leaves out an item that matches the centroid but no member, and lets in one that also links to a member", () => {
    // The centroid of a big story holds its whole beat's words; a report of another event that
    // shares them matches the average without matching any report of the story.
    expect(storyOf([...filler, ...story, details()], GUARDED).get(9)).toBeUndefined();
    // Two of the event's words besides the details: a direct link to the first report (three
    // words in common), still short of the pair rule's four.
    const linked = item(9, T0 + 30 * MIN, ["p1", "p2", "p3", "p4", "a", "b"]);
    expect(storyOf([...filler, ...story, linked], WITHOUT_SECOND_PASS).get(9)).toBeUndefined();
    const placed = storyOf([...filler, ...story, linked], GUARDED);
    expect(placed.get(9)).toBeDefined();
    expect(placed.get(9)).toBe(placed.get(1));
  });

  it("DER-2: the default runs the first pass alone (the second pass did not hold precision on the held-out sets)", () => {
    expect(DEFAULT_CLUSTER_OPTIONS.consolidation.passes).toBe(0);
    const items = [...filler, ...story, details()];
    expect(clusterStories(items)).toEqual(clusterStories(items, WITHOUT_SECOND_PASS));
    expect(storyOf(items, DEFAULT_CLUSTER_OPTIONS).get(9)).toBeUndefined();
  });
});
