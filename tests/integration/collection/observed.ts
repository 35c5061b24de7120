/**
 * What a crawl could have recorded, from the simulator's access log and ground truth
 * (helpers of simulated-day.test.ts). Only documents we received can be recorded: every
 * 200 response that reached us shows, at its simulated time, a list of articles with their
 * headlines of that instant (`truth.shownAt`). A 304 shows what the previous 200 showed.
 */
import { normaliseHeadline } from "../../../crawler/record/articles";
import type { AccessLogEntry } from "../../sim/access-log";
import type { ShownKind } from "../../sim/shown";
import type { GroundTruth } from "../../sim/truth";

/** What the received documents showed: article URLs, and each (URL, headline) with the kinds of document that showed it. */
export interface Observed {
  articles: Set<string>;
  /** Key `url headline` (normalised headline) → kinds of documents it was shown in. */
  versions: Map<string, Set<ShownKind>>;
}

/** The key of a headline version. */
export const versionKey = (url: string, headline: string): string => `${url} ${normaliseHeadline(headline)}`;

/** Everything the 200 responses of `log` showed. */
export function observedIn(truth: GroundTruth, log: readonly AccessLogEntry[]): Observed {
  const observed: Observed = { articles: new Set(), versions: new Map() };
  for (const e of log) {
    if (e.status !== 200 || e.aborted || e.end === undefined) continue;
    const doc = truth.shownAt(`http://${e.host}${e.path}`, e.simTime);
    if (!doc) continue;
    for (const s of doc.shown) {
      if (doc.kind !== "article") observed.articles.add(s.url);
      const key = versionKey(s.url, s.headline);
      const kinds = observed.versions.get(key) ?? new Set<ShownKind>();
      kinds.add(doc.kind);
      observed.versions.set(key, kinds);
    }
  }
  return observed;
}

/**
 * Headline versions any crawl that follows the schedule must see: shown in an outlet's
 * main feed, news sitemap or front page at every sample of a stretch of at least
 * `minMs` inside [from, to] (sampled every `stepMs`). The sources are polled every 10–15
 * minutes (front pages up to hourly at night, but then the sitemap still shows them).
 */
export function robustVersions(
  truth: GroundTruth,
  docs: readonly string[],
  from: number,
  to: number,
  minMs: number,
  stepMs = 5 * 60_000,
): Set<string> {
  const runs = new Map<string, { since: number; last: number }>();
  const robust = new Set<string>();
  for (let t = from; t <= to; t += stepMs) {
    const now = new Set<string>();
    for (const url of docs) for (const s of truth.shownAt(url, t)?.shown ?? []) now.add(versionKey(s.url, s.headline));
    for (const key of now) {
      const run = runs.get(key);
      const current = run && run.last === t - stepMs ? { since: run.since, last: t } : { since: t, last: t };
      runs.set(key, current);
      if (current.last - current.since >= minMs) robust.add(key);
    }
  }
  return robust;
}
