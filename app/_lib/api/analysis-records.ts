/**
 * The analysis blocks of the detail endpoints (SPEC WEB-3, DER-10, DER-11): a story's agency
 * genealogy, an outlet's daily agency share of its front page and its silences, as published
 * (snake_case, ISO times). Each key is described in `ANALYSIS_FIELD_DOCS` (analysis-docs.ts).
 */
import type { AgencyFrontShare } from "../../../db/figures/outlet-page/agency-front-share";
import type { AgencyGenealogy } from "../../../db/queries/stories/agency-genealogy";
import type { OutletSilences } from "../../../db/figures/outlet-page/silences";
import { silenceFinding } from "../../../lib/analysis/silences";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** `agency_genealogy` of /api/v1/stories/{id}: the copies, earliest first. */
export function genealogyRecord(g: AgencyGenealogy): Record<string, unknown>[] {
  return g.copies.map((c) => ({
    article_id: c.articleId,
    outlet: c.outlet.slug,
    agency: c.agency,
    published_at: iso(c.publishedAt),
    first_seen_at: iso(c.firstSeenAt),
    first_headline: c.firstHeadline,
    current_headline: c.currentHeadline,
    headline_versions: c.headlineVersions,
    credit_line: c.credit,
    reference_copy: c.reference,
    edit_bits: c.edit?.bits ?? null,
    edit_band: c.edit?.band ?? null,
  }));
}

/** `agency_front_page_share` of /api/v1/outlets/{slug}: one row per peninsular day, oldest first. */
export function agencyFrontRecord(s: AgencyFrontShare): Record<string, unknown>[] {
  return s.days.map((d) => ({
    day: iso(d.day),
    agency_minutes: d.agencyMinutes,
    front_page_minutes: d.totalMinutes,
    agency_share: d.share,
    not_measurable: d.verdict.measurable ? null : d.verdict.reason,
    not_measurable_why: d.verdict.measurable ? null : d.verdict.why,
  }));
}

/** `silences` of /api/v1/outlets/{slug}: the rule, the period and the stories. */
export function silencesRecord(s: OutletSilences): Record<string, unknown> {
  return {
    from: iso(s.start),
    to: iso(s.end),
    min_share: s.rule.share,
    min_carriers: s.rule.minCarriers ?? 1,
    top_rank: s.rule.topRank,
    followed_outlets: s.followed,
    carriers_needed: s.needed,
    widely_carried_stories: s.qualifying,
    finding:
      s.grouped && s.judged
        ? silenceFinding({ followed: s.followed, qualifying: s.qualifying, silences: s.silences.length, rule: s.rule })
        : "no-medible",
    judged: s.judged,
    positions_judged: s.positions,
    stories: s.silences.map((x) => ({
      story_id: x.storyId,
      kind: x.kind,
      carried_by: x.carriers,
      best_rank: x.bestRank,
      key_terms: x.keyTerms,
    })),
  };
}
