/**
 * Agency genealogy of a story (SPEC DER-10): its agency copies (DER-3), outlet by outlet —
 * when each was first seen and when the outlet says it published it, how it retitled it
 * (first and current headline, and how many versions), whether it kept the agency's credit
 * line, and how far its body was edited (SimHash distance to the story's earliest copy).
 * Headlines only; no text of the bodies exists anywhere (STO-3). Outlets under `total`
 * are left out (PUB-6), and headlines follow each outlet's policy.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { copyEdit, type EditBand } from "../../../lib/analysis/copy-edit";
import { headlineForDisplay, type Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { idList, notExcluded, time } from "../../figures/page-sql";

/** Whether a copy still names its agency: "kept" (byline or credit line), "dropped" (a near copy without one), or unknown (no body read). */
export type CreditLine = "kept" | "dropped" | "unknown";

/** One outlet's agency copy in the story. */
export interface AgencyCopy {
  articleId: number;
  outlet: { slug: string; name: string };
  agency: string;
  firstSeenAt: number;
  publishedAt: number | null;
  /** Its first and current headline (equal when never retitled) and how many versions it had. */
  firstHeadline: string;
  currentHeadline: string;
  headlineVersions: number;
  credit: CreditLine;
  /** Bits of SimHash (of 64) to the earliest copy, and the band in words; null without a body summary. */
  edit: { bits: number; band: EditBand; label: string } | null;
  /** True for the copy the distances are measured from. */
  reference: boolean;
}

/** The copies of a story, earliest first; empty when it has none. */
export interface AgencyGenealogy {
  storyId: number;
  copies: AgencyCopy[];
}

/** Most copies listed for one story. */
const COPIES_MAX = 200;

/** The agency genealogy of story `storyId` (its copies may be none). */
export async function loadAgencyGenealogy(db: Executor, policies: Policies, storyId: number): Promise<AgencyGenealogy> {
  const rows = await db.execute<{
    id: string | number;
    outlet_id: number;
    slug: string;
    name: string;
    agency: string;
    first_seen_at: string | Date;
    published_at: string | Date | null;
    simhash: string | null;
    agency_credit: string | null;
  }>(sql`
    select a.id, a.outlet_id, o.slug, o.name, a.agency, a.first_seen_at, a.published_at, b.simhash::text as simhash, b.agency_credit
    from articles a join outlets o on o.id = a.outlet_id and o.active left join body_summaries b on b.article_id = a.id
    where a.story_id = ${storyId} and a.agency is not null ${notExcluded(sql`a.outlet_id`, policies.excludedOutletIds)}
    order by least(coalesce(a.published_at, a.first_seen_at), a.first_seen_at), a.first_seen_at, a.id limit ${COPIES_MAX}`);
  if (rows.length === 0) return { storyId, copies: [] };
  const versions = await db.execute<{ article_id: string | number; text: string }>(sql`
    select article_id, text from headline_versions where article_id in ${idList(rows.map((r) => Number(r.id)))} order by article_id, first_seen_at, id`);
  const byArticle = new Map<number, string[]>();
  for (const v of versions) byArticle.set(Number(v.article_id), [...(byArticle.get(Number(v.article_id)) ?? []), v.text]);
  // The earliest copy with a body summary is the one every distance is measured from.
  const referenceRow = rows.find((r) => r.simhash !== null);
  const reference = referenceRow ? BigInt(referenceRow.simhash!) : null;
  return {
    storyId,
    copies: rows.map((r) => {
      const articleId = Number(r.id);
      const policy = policies.forOutlet(r.outlet_id);
      const texts = byArticle.get(articleId) ?? [];
      const simhash = r.simhash === null ? null : BigInt(r.simhash);
      return {
        articleId,
        outlet: { slug: r.slug, name: r.name },
        agency: r.agency,
        firstSeenAt: time(r.first_seen_at)!,
        publishedAt: time(r.published_at),
        firstHeadline: headlineForDisplay(policy, texts[0] ?? ""),
        currentHeadline: headlineForDisplay(policy, texts.at(-1) ?? ""),
        headlineVersions: texts.length,
        credit: r.agency_credit !== null ? "kept" : simhash !== null ? "dropped" : "unknown",
        edit: copyEdit(simhash, reference),
        reference: r === referenceRow,
      };
    }),
  };
}
