/**
 * Headline versions of an article (STO-1, DER-6): one for most; a rewrite replaces the
 * first at some point; an A/B test shows two versions in turn, so both stay seen until
 * the end (A→B→A), which is what tells a test from a rewrite.
 */
import { headlineHash } from "../../../crawler/record/articles";
import type { Random } from "./random";
import type { GenArticle, GenHeadlineVersion } from "./types";

const MINUTE = 60_000;

/** Versions of `a` (last seen never after `to`), ids from `firstId`, in first-seen order. */
export function headlineVersions(random: Random, a: GenArticle, to: number, firstId: number): GenHeadlineVersion[] {
  const last = Math.max(a.firstSeenAt, Math.min(to - 1, a.lastSeenAt));
  a.lastSeenAt = last;
  const seenIn = [a.firstSeenIn, ...(a.firstSeenFrontpageAt !== null && a.firstSeenIn !== "frontpage" ? ["frontpage"] : [])];
  const version = (i: number, first: number, lastSeen: number, where: string[]): GenHeadlineVersion => ({
    id: firstId + i,
    articleId: a.id,
    text: a.headlines[i]!,
    textHash: headlineHash(a.headlines[i]!),
    firstSeenAt: first,
    lastSeenAt: Math.max(first, lastSeen),
    seenIn: where,
  });
  if (a.headlines.length === 1 || a.pattern === "single") return [version(0, a.firstSeenAt, last, seenIn)];
  if (a.pattern === "rewrite") {
    const at = Math.min(last, a.firstSeenAt + 20 * MINUTE + Math.floor(random.exponential(120 * MINUTE)));
    if (at <= a.firstSeenAt + MINUTE) return [version(0, a.firstSeenAt, last, seenIn)];
    return [version(0, a.firstSeenAt, at - MINUTE, seenIn), version(1, at, last, seenIn)];
  }
  const bFirst = Math.min(last, (a.firstSeenFrontpageAt ?? a.firstSeenAt) + random.int(15, 45) * MINUTE);
  return [version(0, a.firstSeenAt, last, seenIn), version(1, bFirst, Math.max(bFirst, last - 30 * MINUTE), ["frontpage"])];
}
