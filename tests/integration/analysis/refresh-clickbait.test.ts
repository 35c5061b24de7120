/**
 * Stored clickbait formulas follow the list (SPEC DER-1): rows stored under an older list
 * are derived again from their headline and stored language, and only those that differ
 * are rewritten; a headline in another language keeps no Spanish formula.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { refreshClickbaitFormulas } from "../../../crawler/derive/refresh-clickbait";
import { headlineHash, recordSightings } from "../../../crawler/record/articles";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-03-10T08:00:00Z");
let database: Database;

/** Headline, language stored with it, formulas stored under an older list, formulas under the current one. */
const ROWS: [string, string | null, string[], string[]][] = [
  ["¿Por qué sube la luz en invierno?", "es", [], ["pregunta-anticipada", "pregunta"]],
  ["Cinco claves para entender la reforma", null, ["lista-numerada"], ["lista-numerada", "claves-para"]],
  ["El Gobierno aprueba la subida del salario mínimo", "es", [], []],
  ["Per què puja la llum a l'hivern?", "ca", [], []],
];

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(1))), "sim.json"));
  const [outlet] = await database.db.execute<{ id: number }>(sql`select id from outlets`);
  await recordSightings(database.db, {
    outletId: outlet!.id,
    siteOf: () => "o.test",
    via: "feed",
    at: T0,
    sightings: ROWS.map(([headline], i) => ({ url: `http://o.test/${i}`, headline })),
  });
  for (const [headline, language, stored] of ROWS) {
    await database.db.execute(sql`
      insert into headline_features (text_hash, chars, words, is_question, is_exclamation, has_quote, has_number,
        first_or_second_person, has_colon_or_dash, capitalised_tokens, clickbait_patterns, language)
      values (${headlineHash(headline)}, 1, 1, false, false, false, false, false, false, 0, ${`{${stored.join(",")}}`}::text[], ${language})`);
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("stored clickbait formulas after a change to the list", () => {
  it("DER-1: each row gets the current list's formulas; only the rows that differ are rewritten, in batches", async () => {
    expect(await refreshClickbaitFormulas(database.db, { batchSize: 3 })).toEqual({ read: 4, changed: 2 });
    for (const [headline, , , now] of ROWS) {
      const [row] = await database.db.execute<{ clickbait_patterns: string[] }>(sql`
        select clickbait_patterns from headline_features where text_hash = ${headlineHash(headline)}`);
      expect(row!.clickbait_patterns, headline).toEqual(now);
    }
    expect(await refreshClickbaitFormulas(database.db)).toEqual({ read: 4, changed: 0 });
  });
});
