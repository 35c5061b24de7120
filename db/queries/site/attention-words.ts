/**
 * Attention over time for a one-word search, read from the daily counts per headline word
 * (`headline_word_days`, kept by triggers: db/schema/headline-word-days.ts): at most one row per
 * outlet and day, so a year costs the same whatever the word. The counts are those the full
 * computation in attention-series.ts gives (a test compares them on a seeded database).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { daysOf, type AttentionCount } from "../../../lib/pages/attention";
import type { Executor } from "../../client";
import { intArray } from "../../open-data/sql/api-sql";

/** Below this, a sum of minutes is zero (the stored sums are added a step at a time). */
export const NO_MINUTES = 1e-9;

/** A search as PostgreSQL parses it (searchTerms). */
export interface SearchTerms {
  nodes: number;
  word: string | null;
  tree: string;
}

/**
 * What the search is made of: how many nodes PostgreSQL keeps, its one word when it is one, and the
 * query as `querytree` prints it (the lexemes the search marks in the headlines it shows).
 */
export async function searchTerms(db: Executor, q: string): Promise<SearchTerms> {
  // websearch_to_tsquery prints one plain word as 'lexeme' (a quote inside doubled); anything
  // else (a phrase of several words, `o`, `-word`) has more nodes. A word with a quote or
  // backslash is left to the full computation rather than unescaped here.
  const [row] = await db.execute<{ nodes: number; word: string | null; tree: string }>(sql`
    select numnode(t) as nodes,
      case when numnode(t) = 1 and t::text ~ '^''[^'']+''$' and position(chr(92) in t::text) = 0
        then substring(t::text, 2, length(t::text) - 2) end as word,
      querytree(t) as tree
    from websearch_to_tsquery('spanish', search_fold(${q})) t`);
  return { nodes: Number(row?.nodes ?? 0), word: row?.word ?? null, tree: row?.tree ?? "" };
}

/**
 * Whether more than `cap` articles of `ids` were first seen with `word` in a headline version, from the
 * daily counts alone: each such article has at least one matching version, so a search for the word
 * then has more than `cap` matches whatever its versions.
 */
export async function wordArticlesExceed(db: Executor, f: { word: string; ids: readonly number[]; cap: number }): Promise<boolean> {
  // At most cap + 1 rows are read: each counts at least one article, so cap + 1 of them exceed the cap,
  // and fewer are all there is (a common word has some 16,000 over a year).
  const [row] = await db.execute<{ exceeds: boolean }>(sql`
    select coalesce(sum(articles), 0) > ${f.cap} as exceeds from (
      select articles from headline_word_days
      where word = ${f.word} and (outlet_id + 0) = any(${intArray([...f.ids])}::int[]) and articles > 0
      limit ${f.cap + 1}) counted`);
  return row?.exceeds === true;
}

/** One word's matched articles and prominence per outlet and day, from the daily counts. */
export async function loadWordCounts(
  db: Executor,
  f: { word: string; from: string; to: string; ids: readonly number[]; shown: readonly number[]; slugs: ReadonlyMap<number, string> },
): Promise<AttentionCount[]> {
  const shown = new Set(f.shown);
  // One JSON document of four arrays (outlet, day as days after `from`, articles, minutes): a year of a
  // common word is some 16,000 rows, which cost the renderer far more to receive one by one.
  const [result] = await db.execute<{ r: { o: number[] | null; d: number[]; a: number[]; m: number[] } }>(sql`
    select json_build_object('o', array_agg(outlet_id), 'd', array_agg(day - ${f.from}::date), 'a', array_agg(articles), 'm', array_agg(minutes)) as r
    from headline_word_days
    where word = ${f.word} and day between ${f.from}::date and ${f.to}::date
      -- The outlets as a filter, not an index condition: the planner then reads the word's period
      -- from headline_word_days_read alone (about 100 pages for a common word over a year), where
      -- it would otherwise look each row up in the table's pages (10,000).
      and (outlet_id + 0) = any(${intArray([...f.ids])}::int[])
      and (articles > 0 or (minutes > ${NO_MINUTES} and outlet_id = any(${intArray([...f.shown])}::int[])))`);
  const row = result?.r;
  if (!row?.o) return [];
  const days = daysOf(f.from, f.to);
  return row.o.map((outletId, i) => ({
    day: days[row.d[i]!]!,
    outlet: f.slugs.get(outletId) ?? "",
    articles: row.a[i]!,
    prominenceMinutes: shown.has(outletId) ? row.m[i]! : null,
  }));
}
