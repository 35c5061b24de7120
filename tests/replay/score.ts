/**
 * Scores of a front-page reading against the hand-checked expectations (tests/replay/README.md):
 * lead correct, top-10 overlap, headline = title; and where two readings of one capture
 * disagree (the product's and the independent rule's).
 */
import { titleKey, urlKey, type Expectation } from "./files";

/** One reading of a capture: its positions in rank order. */
export type Reading = readonly { url: string; headline: string }[];

/** Per-capture comparison with the expectation. */
export interface CaptureScore {
  leadCorrect: boolean;
  /** Share of the expected top 10 found in the reading's top 10. */
  overlap: number;
  /** Expected teasers found anywhere in the reading, and those whose headline is the title. */
  found: number;
  titled: number;
  /** The expected teasers whose stored headline is not the title: expected, got. */
  wrongTitles: { title: string; headline: string }[];
}

export function scoreCapture(reading: Reading, expected: Expectation): CaptureScore {
  const exp = expected.teasers.slice(0, 10);
  const top = new Set(reading.slice(0, 10).map((r) => urlKey(r.url)));
  const byUrl = new Map<string, string>();
  for (const r of reading) if (!byUrl.has(urlKey(r.url))) byUrl.set(urlKey(r.url), r.headline);
  let found = 0;
  let titled = 0;
  const wrongTitles: CaptureScore["wrongTitles"] = [];
  for (const t of exp) {
    const headline = byUrl.get(urlKey(t.url));
    if (headline === undefined) continue;
    found++;
    if (titleKey(headline) === titleKey(t.title)) titled++;
    else wrongTitles.push({ title: t.title, headline });
  }
  return {
    leadCorrect: reading[0] !== undefined && exp[0] !== undefined && urlKey(reading[0].url) === urlKey(exp[0].url),
    overlap: exp.length === 0 ? 1 : exp.filter((t) => top.has(urlKey(t.url))).length / exp.length,
    found,
    titled,
    wrongTitles,
  };
}

/** Per-outlet totals of capture scores. */
export interface OutletScore {
  captures: number;
  lead: number;
  overlap: number;
  titled: number;
  found: number;
}

export function addScore(total: OutletScore | undefined, s: CaptureScore): OutletScore {
  const t = total ?? { captures: 0, lead: 0, overlap: 0, titled: 0, found: 0 };
  return {
    captures: t.captures + 1,
    lead: t.lead + (s.leadCorrect ? 1 : 0),
    overlap: t.overlap + s.overlap,
    titled: t.titled + s.titled,
    found: t.found + s.found,
  };
}

/** Agreement of two readings of one capture: same lead, and the share of one's top 10 in the other's. */
export function agreement(a: Reading, b: Reading): { sameLead: boolean; overlap: number } {
  const top = new Set(b.slice(0, 10).map((r) => urlKey(r.url)));
  const mine = a.slice(0, 10);
  return {
    sameLead: a[0] !== undefined && b[0] !== undefined && urlKey(a[0].url) === urlKey(b[0].url),
    overlap: mine.length === 0 ? 0 : mine.filter((r) => top.has(urlKey(r.url))).length / mine.length,
  };
}
