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

/** The representative headline of a story's members, or undefined when none may be quoted. */
export function representativeHeadline(members: readonly LabelCandidate[]): LabelCandidate | undefined {
  const terms = members.map((m) => new Set(headlineTerms(m.headline).keys()));
  let best: { member: LabelCandidate; shared: number } | undefined;
  members.forEach((member, i) => {
    if (!member.quotable) return;
    let shared = 0;
    terms.forEach((other, j) => {
      if (j === i) return;
      for (const t of terms[i]!) if (other.has(t)) shared++;
    });
    if (!best || shared > best.shared || (shared === best.shared && member.at < best.member.at)) best = { member, shared };
  });
  return best?.member;
}
