/**
 * A story's name on the site (SPEC DER-5): a representative headline, the one that shares
 * the most words with the story's other headlines (the earliest when two tie), chosen among
 * the headlines that may be quoted (PUB-1: not those of outlets under "sin titulares
 * literales"), shown with its outlet and the story's key terms beside it. Pure: the read
 * model loads the headlines and applies the policy.
 */
import { headlineTerms } from "./story-terms";

/** One member's first headline, as the read model gives it. */
export interface LabelCandidate {
  headline: string;
  outlet: string;
  at: number;
  quotable: boolean;
}

/**
 * The representative headline of a story's members, or undefined when none may be quoted. A
 * member's words shared with the others, summed over the others, is the sum over its words of
 * the other members that have each: one count per word, so a story of hundreds of articles costs
 * its words, not the pairs of its members.
 */
export function representativeHeadline<T extends LabelCandidate>(members: readonly T[]): T | undefined {
  const terms = members.map((m) => [...headlineTerms(m.headline).keys()]);
  const holders = new Map<string, number>();
  for (const words of terms) for (const t of words) holders.set(t, (holders.get(t) ?? 0) + 1);
  let best: { member: T; shared: number } | undefined;
  members.forEach((member, i) => {
    if (!member.quotable) return;
    let shared = 0;
    for (const t of terms[i]!) shared += holders.get(t)! - 1;
    if (!best || shared > best.shared || (shared === best.shared && member.at < best.member.at)) best = { member, shared };
  });
  return best?.member;
}
