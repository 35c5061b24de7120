/**
 * Headline tests versus rewrites (SPEC DER-6), from an article's stored headline versions.
 *
 * What we can see: each distinct headline is one row with when it was first and last seen
 * and in which channels (feed, sitemap, front page, article page), not every sighting. A
 * flip A→B→A therefore shows as A's seen interval running past B's first sighting: A was
 * seen again after B appeared. A rotation among several versions (A, B, C, A, B…) shows as
 * intervals that overlap one another. A plain rewrite shows as intervals one after another.
 *
 * The rule: two versions of one article belong to the same test when they share a channel
 * and the earlier one was seen again after the later one appeared: either still seen more
 * than `TEST_OVERLAP_MS` (20 min) after the later one first appeared, or seen after the later
 * one was last seen (it came back and outlived it). The shared channel keeps out outlets that
 * simply use one headline in the feed and another on the front page. Our own polling cannot
 * make a rewrite overlap (the old version's last sighting is before the change, the new one's
 * first after it, whatever the intervals); only the outlet can, by serving the old headline in
 * one channel after the new one appeared in another (feed caches, CDN copies of the front
 * page): the 20 minutes cover such caches of up to 15 minutes. Versions linked this way,
 * directly or through others, form one test. Every other version after the first is a rewrite. Limits: with per-version intervals a version
 * seen in two channels can overlap through the laggier one (a short-lived rewrite B, replaced
 * by C while a lagging feed still shows A, looks like a test); a test faster than our
 * captures, or one that has flipped only once so far (A→B), is not seen.
 *
 * Measured against the simulated web's truth by `npm run bench -- analysis`.
 */

/** One stored headline version of an article. */
export interface SeenVersion {
  textHash: string;
  firstSeenAt: number;
  lastSeenAt: number;
  seenIn: readonly string[];
}

/** How an article's headline changed. */
export interface HeadlineChangeKinds {
  /** Groups of versions that alternated: each counts as one A/B test. */
  tests: string[][];
  /** Versions after the first that replaced the previous one for good. */
  rewrites: number;
  /** Hashes of the versions that are part of a test. */
  inTest: ReadonlySet<string>;
}

/** How long an earlier version must keep being seen after a later one appeared to count as a flip back. */
export const TEST_OVERLAP_MS = 20 * 60_000;

/** The versions in the order the rule reads them: by first sighting, then by hash. */
function inOrder(versions: readonly SeenVersion[]): SeenVersion[] {
  return [...versions].sort((a, b) => a.firstSeenAt - b.firstSeenAt || a.textHash.localeCompare(b.textHash));
}

/** For each version of `sorted`, the first version of its test (union–find over the linked pairs); itself when in none. */
function testRoots(sorted: readonly SeenVersion[], overlapMs: number): number[] {
  const parent = sorted.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const earlier = sorted[i]!;
      const later = sorted[j]!;
      const shared = earlier.seenIn.some((c) => later.seenIn.includes(c));
      const cameBack =
        earlier.lastSeenAt - later.firstSeenAt > overlapMs ||
        (earlier.lastSeenAt > later.lastSeenAt && earlier.lastSeenAt > later.firstSeenAt);
      if (shared && cameBack) parent[root(j)] = root(i);
    }
  }
  return sorted.map((_, i) => root(i));
}

/** DER-6: tell the tests from the rewrites among an article's versions. */
export function classifyHeadlineChanges(versions: readonly SeenVersion[], overlapMs = TEST_OVERLAP_MS): HeadlineChangeKinds {
  const sorted = inOrder(versions);
  const roots = testRoots(sorted, overlapMs);
  const groups = new Map<number, string[]>();
  sorted.forEach((v, i) => groups.set(roots[i]!, [...(groups.get(roots[i]!) ?? []), v.textHash]));
  const tests = [...groups.values()].filter((g) => g.length > 1);
  const inTest = new Set(tests.flat());
  const rewrites = sorted.slice(1).filter((v) => !inTest.has(v.textHash)).length;
  return { tests, rewrites, inTest };
}

/**
 * `classifyHeadlineChanges`' counts alone (a version's hash is unique within its article), without
 * building the groups: the outlet figures count a year of articles at a time.
 */
export function countHeadlineChanges(versions: readonly SeenVersion[], overlapMs = TEST_OVERLAP_MS): { tests: number; rewrites: number } {
  if (versions.length < 2) return { tests: 0, rewrites: 0 };
  const roots = testRoots(inOrder(versions), overlapMs);
  const size = new Map<number, number>();
  for (const r of roots) size.set(r, (size.get(r) ?? 0) + 1);
  let tests = 0;
  for (const n of size.values()) if (n > 1) tests++;
  let rewrites = 0;
  for (let i = 1; i < roots.length; i++) if (size.get(roots[i]!) === 1) rewrites++;
  return { tests, rewrites };
}
