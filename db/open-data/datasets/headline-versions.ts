/** The `headline-versions` dataset (SPEC WEB-3, STO-1, DER-1, DER-6) with every scope applied (PUB-6). */
import { pageApiHeadlineVersions, type ApiHeadlineVersionRow } from "../sql/headline-versions";
import { isoOrNull } from "../sql/api-sql";
import { citeHeadline } from "../../../lib/policy";
import { excludedIds, outletIdOf, policyOf, slugOf, unquotableIds, type ApiContext } from "../context";
import { loadVersionTraitRecords, VERSION_TRAIT_FIELDS, versionTraitsOf } from "./headline-traits";
import { nextKey, type Dataset, type Record_ } from "./types";

/** Field names, in CSV order. */
export const HEADLINE_VERSION_FIELDS = [
  "id",
  "article_id",
  "outlet",
  "headline",
  "headline_withheld",
  "text_hash",
  "first_seen_at",
  "last_seen_at",
  "seen_in",
  "framing_letter",
  "framing_score",
  ...VERSION_TRAIT_FIELDS,
] as const;

const asArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean);

/**
 * A version as published: text and hash withheld under "sin titulares literales", framing
 * under "sin anotación de modelo"; then its own features and A/B flag (headline-traits.ts),
 * from `loadVersionTraitRecords`.
 */
export function headlineVersionRecord(ctx: ApiContext, r: ApiHeadlineVersionRow, traits: ReadonlyMap<number, Record_>): Record_ {
  const policy = policyOf(ctx, r.outlet_id);
  const headline = citeHeadline(policy, r.text);
  const framing = policy.modelAnnotations;
  return {
    id: r.id,
    article_id: r.article_id,
    outlet: slugOf(ctx, r.outlet_id),
    headline: headline.text,
    headline_withheld: headline.withheld,
    // The hash would let anyone confirm a guessed headline.
    text_hash: headline.withheld ? null : r.text_hash,
    first_seen_at: isoOrNull(r.first_seen_at),
    last_seen_at: isoOrNull(r.last_seen_at),
    seen_in: asArray(r.seen_in),
    framing_letter: framing ? r.framing_letter : null,
    framing_score: framing && r.framing_score !== null ? Number(r.framing_score) : null,
    ...versionTraitsOf(traits, r.id),
  };
}

/** Versions in (first_seen_at, id) order; filters: outlet, article, from/to on first_seen_at. */
export const headlineVersionsDataset: Dataset = {
  name: "headline-versions",
  fields: HEADLINE_VERSION_FIELDS,
  params: ["outlet", "group", "article", "from", "to", "q", "limit", "cursor"],
  cursorLength: 2,
  ranged: true,
  async page(ctx, q, after, limit) {
    const rows = await pageApiHeadlineVersions(ctx.db, {
      excluded: q.q === undefined ? excludedIds(ctx) : unquotableIds(ctx),
      q: q.q,
      outletId: q.outlet === undefined ? undefined : outletIdOf(ctx, q.outlet),
      articleId: q.article,
      from: q.from,
      to: q.to,
      after,
      limit,
    });
    const traits = await loadVersionTraitRecords(ctx, rows);
    return { items: rows.map((r) => headlineVersionRecord(ctx, r, traits)), next: nextKey(rows, limit, (r) => [r.k, r.id]) };
  },
};
