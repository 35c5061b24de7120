// Migration 0024 on a database that already holds headlines: the search indexes are rebuilt, so «penalver» finds «Peñalver» through them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { searchHeadlines } from "../../../db/queries/site/search";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet } from "../../support/page-fixtures";

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../db/migrations");
const statements = (file: string) =>
  fs
    .readFileSync(path.join(migrations, file), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim());

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;

/**
 * Headlines matching `word`, read through the search index, on a new connection: a session
 * keeps the index expressions it planned with, search_fold inlined as it was then.
 */
async function throughIndex(word: string): Promise<number> {
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    await sql`set enable_seqscan = off`;
    const query = `select count(*)::int as n from headline_versions
      where to_tsvector('spanish', search_fold(text)) @@ websearch_to_tsquery('spanish', search_fold($1))`;
    const plan = (await sql.unsafe(`explain ${query}`, [word])).map((r) => Object.values(r).join("")).join("\n");
    expect(plan).toMatch(/Bitmap Index Scan on headline_versions_(outlet_)?search/);
    const [row] = await sql.unsafe<{ n: number }[]>(query, [word]);
    return row!.n;
  } finally {
    await sql.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The database as it was before migration 0024: search_fold as 0011 defined it, indexes built with it.
  const before = statements("0011_headline_search_folded.sql").find((s) => s.includes('CREATE FUNCTION "search_fold"'))!;
  await database.sql.unsafe(before.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION"));
  for (const s of statements("0011_headline_search_folded.sql").filter((s) => /^(DROP|CREATE) INDEX/.test(s))) await database.sql.unsafe(s);
  const outletId = await addOutlet(database.db, "uno", "Diario Uno");
  await addArticle(database.db, { outletId, path: "/p", firstSeenAt: NOW, headlines: [["Peñalver deja la alcaldía", NOW, NOW]] });
});
afterAll(async () => {
  await database.close();
});

describe("migration 0024 (search folds ñ, ç and ü)", () => {
  it("WEB-1: headlines recorded before it are found by «penalver» afterwards, through the rebuilt indexes", async () => {
    expect(await throughIndex("penalver")).toBe(0);
    expect(await throughIndex("Peñalver")).toBe(1);
    const [redefine, ...rebuild] = statements("0024_search_fold_letters.sql");
    // The function alone is not enough: the indexes still hold the words folded the old way.
    await database.sql.unsafe(redefine!);
    expect(await throughIndex("penalver")).toBe(0);
    for (const s of rebuild) await database.sql.unsafe(s);
    expect(await throughIndex("penalver")).toBe(1);
    expect(await throughIndex("Peñalver")).toBe(1);
    // Later migrations store each version's words (0035) and index those (0041): the stored words are
    // computed with the function as it is then, so the search reads the new folding.
    await database.sql.unsafe("ALTER TABLE headline_versions DROP COLUMN search_words");
    await database.sql.unsafe(statements("0035_front_page_reaches.sql").find((s) => s.includes('ADD COLUMN "search_words"'))!);
    for (const s of statements("0041_search_words_index.sql")) await database.sql.unsafe(s);
    const search = (q: string, outlet?: string) => searchHeadlines(database.db, NO_POLICIES, { q, page: 1, ...(outlet ? { outlet } : {}) });
    expect((await search("penalver")).hits.map((h) => h.headline)).toEqual(["Peñalver deja la alcaldía"]);
    expect((await search("penalver", "uno")).total).toBe(1);
  });
});
