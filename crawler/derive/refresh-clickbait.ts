/**
 * Stored clickbait formulas brought up to the current list (SPEC DER-1). Features are
 * computed once per headline hash, so a change to lib/analysis/clickbait.ts leaves the rows
 * stored before it with the old list, and shares of «fórmulas reconocidas» would mix the two.
 * This pass reads each stored row with one of its headline's versions, derives the formulas
 * again from the text and the stored language (no model runs) and rewrites the rows that
 * differ. `npm run clickbait:refresh` runs it after an upgrade (docs/operations.md).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { clickbaitFormulasOf } from "../../lib/analysis/headline-features";
import { textArray } from "../record/articles";

type Row = { text_hash: string; language: string | null; clickbait_patterns: string[]; text: string | null };

/** Rows read per statement. @default 2,000 */
const BATCH = 2_000;

/** Rewrites every stored row whose formulas differ from the current list's; returns rows read and changed. */
export async function refreshClickbaitFormulas(
  db: Executor,
  p: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<{ read: number; changed: number }> {
  const batchSize = p.batchSize ?? BATCH;
  let after = "";
  let read = 0,
    changed = 0;
  while (!p.signal?.aborted) {
    const rows = await db.execute<Row>(sql`
      select f.text_hash, f.language, f.clickbait_patterns,
        (select v.text from headline_versions v where v.text_hash = f.text_hash limit 1) as text
      from headline_features f where f.text_hash > ${after} order by f.text_hash limit ${batchSize}`);
    if (rows.length === 0) break;
    read += rows.length;
    after = rows[rows.length - 1]!.text_hash;
    const stale = rows.flatMap((r) => {
      if (r.text === null) return [];
      const now = clickbaitFormulasOf(r.text, r.language);
      return now.join(",") === r.clickbait_patterns.join(",") ? [] : [{ hash: r.text_hash, formulas: now }];
    });
    if (stale.length > 0) {
      // One statement a batch: each row's ids joined by commas (ids have none), split again in SQL.
      await db.execute(sql`update headline_features f set clickbait_patterns = string_to_array(v.formulas, ',')
        from unnest(${textArray(stale.map((s) => s.hash))}::text[], ${textArray(stale.map((s) => s.formulas.join(",")))}::text[]) as v(hash, formulas)
        where f.text_hash = v.hash`);
    }
    changed += stale.length;
    if (rows.length < batchSize) break;
  }
  return { read, changed };
}
