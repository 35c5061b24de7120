/**
 * Every headline version of a batch of articles with its features (DER-1) and framing
 * (DER-4), for the open-data API's headline fields and A/B flags (DER-6) of articles and of
 * versions. One statement per batch, by index only: `headline_versions_article_hash` and the
 * two tables' primary keys.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { intArray } from "./api-sql";

/** One version of an article, with what was derived from its text (null when not derived yet). */
export interface VersionTraitsRow {
  id: number;
  articleId: number;
  textHash: string;
  firstSeenAt: number;
  lastSeenAt: number;
  seenIn: string[];
  /** DER-1 features; null when the headline has not been analysed yet. */
  features: {
    isQuestion: boolean;
    isExclamation: boolean;
    hasQuote: boolean;
    hasNumber: boolean;
    firstOrSecondPerson: boolean;
    hasColonOrDash: boolean;
    clickbaitPatterns: string[];
    language: string | null;
  } | null;
  framingLetter: string | null;
}

type Raw = {
  id: string | number;
  article_id: string | number;
  text_hash: string;
  first_seen_at: string | Date;
  last_seen_at: string | Date;
  seen_in: string[] | string;
  analysed: boolean;
  is_question: boolean | null;
  is_exclamation: boolean | null;
  has_quote: boolean | null;
  has_number: boolean | null;
  first_or_second_person: boolean | null;
  has_colon_or_dash: boolean | null;
  clickbait_patterns: string[] | string | null;
  language: string | null;
  letter: string | null;
};

const asArray = (v: string[] | string | null): string[] =>
  v === null
    ? []
    : Array.isArray(v)
      ? v
      : v
          .replace(/^\{|\}$/g, "")
          .split(",")
          .filter(Boolean);

/** The versions of `articleIds`, grouped by article in (first_seen_at, id) order. */
export async function loadVersionTraits(db: Executor, articleIds: readonly number[]): Promise<Map<number, VersionTraitsRow[]>> {
  const out = new Map<number, VersionTraitsRow[]>();
  if (articleIds.length === 0) return out;
  // Each article's versions, and each version's features and letter, are looked up by index one
  // by one (`offset 0` keeps the planner from merging the subqueries into joins): a batch costs
  // what it holds. As plain joins, a batch of 2,000 articles (an export's) was planned as
  // sequential scans of the three tables, cost growing with them (EXPLAIN ANALYZE on 30
  // generated days, 96k versions: 239 ms, 104 ms this way; the bench: `npm run bench -- history`).
  const rows = await db.execute<Raw>(sql`
    select v.id, v.article_id, v.text_hash, v.first_seen_at, v.last_seen_at, v.seen_in::text[] as seen_in,
           f.text_hash is not null as analysed, f.is_question, f.is_exclamation, f.has_quote, f.has_number,
           f.first_or_second_person, f.has_colon_or_dash, f.clickbait_patterns, f.language, fr.letter
    from unnest(${intArray([...new Set(articleIds)])}::bigint[]) as a(id)
    cross join lateral (
      select v.id, v.article_id, v.text_hash, v.first_seen_at, v.last_seen_at, v.seen_in
      from headline_versions v where v.article_id = a.id offset 0) v
    left join lateral (
      select f.text_hash, f.is_question, f.is_exclamation, f.has_quote, f.has_number, f.first_or_second_person,
             f.has_colon_or_dash, f.clickbait_patterns, f.language
      from headline_features f where f.text_hash = v.text_hash offset 0) f on true
    left join lateral (select fr.letter from framing fr where fr.text_hash = v.text_hash offset 0) fr on true
    order by v.article_id, v.first_seen_at, v.id`);
  for (const r of rows) {
    const articleId = Number(r.article_id);
    const list = out.get(articleId) ?? [];
    list.push({
      id: Number(r.id),
      articleId,
      textHash: r.text_hash,
      firstSeenAt: new Date(r.first_seen_at).getTime(),
      lastSeenAt: new Date(r.last_seen_at).getTime(),
      seenIn: asArray(r.seen_in),
      features: !r.analysed
        ? null
        : {
            isQuestion: r.is_question!,
            isExclamation: r.is_exclamation!,
            hasQuote: r.has_quote!,
            hasNumber: r.has_number!,
            firstOrSecondPerson: r.first_or_second_person!,
            hasColonOrDash: r.has_colon_or_dash!,
            clickbaitPatterns: asArray(r.clickbait_patterns),
            language: r.language,
          },
      framingLetter: r.letter,
    });
    out.set(articleId, list);
  }
  return out;
}
