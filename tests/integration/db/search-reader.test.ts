import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { searchHeadlines } from "../../../db/queries/site/search";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;

const search = (q: string, outlet?: string) => searchHeadlines(database.db, NO_POLICIES, { q, page: 1, ...(outlet ? { outlet } : {}) });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const uno = await addOutlet(db, "uno", "Diario Uno");
  const dos = await addOutlet(db, "dos", "Diario Dos");
  const headlines: [number, string][] = [
    [uno, "Última hora: el Congreso aprueba los presupuestos"],
    [uno, "ÚLTIMA HORA DESDE ÁVILA"],
    [uno, "La última oportunidad del pingüino"],
    [dos, "Ultima sesión en el Senado"],
    [dos, "El Gobierno y la oposición pactan"],
    [dos, "Peñalver deja la alcaldía"],
    [uno, "El Barça ficha a un portero"],
  ];
  for (const [i, [outletId, text]] of headlines.entries()) {
    await addArticle(db, { outletId, path: `/n${i}`, firstSeenAt: NOW - i * HOUR, headlines: [[text, NOW - i * HOUR, NOW - i * HOUR]] });
  }
});
afterAll(async () => {
  await database.close();
});

describe("headline search as readers type", () => {
  it("WEB-1: matches with or without accents, in capitals or not", async () => {
    const expected = [
      "Última hora: el Congreso aprueba los presupuestos",
      "ÚLTIMA HORA DESDE ÁVILA",
      "La última oportunidad del pingüino",
      "Ultima sesión en el Senado",
    ];
    for (const q of ["ultima", "Última", "ÚLTIMA", "última"]) {
      expect(
        (await search(q)).hits.map((h) => h.headline),
        q,
      ).toEqual(expected);
    }
    expect((await search("avila")).hits.map((h) => h.headline)).toEqual(["ÚLTIMA HORA DESDE ÁVILA"]);
    expect((await search("pinguino")).total).toBe(1);
    expect((await search("oposicion", "dos")).total).toBe(1);
  });

  it("WEB-1: ñ, ç and ü match n, c and u, in headlines and queries alike", async () => {
    for (const q of ["penalver", "Peñalver", "PEÑALVER", "PENALVER"]) {
      expect(
        (await search(q)).hits.map((h) => h.headline),
        q,
      ).toEqual(["Peñalver deja la alcaldía"]);
    }
    // Narrowed to one outlet, the search goes through the other index (outlet beside the words).
    expect((await search("penalver", "dos")).total).toBe(1);
    expect((await search("pinguino")).hits.map((h) => h.headline)).toEqual(["La última oportunidad del pingüino"]);
    expect((await search("barca")).hits.map((h) => h.headline)).toEqual(["El Barça ficha a un portero"]);
    expect((await search("Barça", "uno")).total).toBe(1);
    // The word is marked as printed.
    expect((await search("penalver")).hits[0]!.parts[0]).toEqual({ text: "Peñalver", match: true });
  });

  it("WEB-1: a query of only common words says so instead of silently finding nothing", async () => {
    const r = await search("de la");
    expect(r).toMatchObject({ total: 0, onlyCommonWords: true });
    expect((await search("ultima")).onlyCommonWords).toBe(false);
    expect((await search("zanahoria")).onlyCommonWords).toBe(false);
  });

  it("WEB-1: the matched words are marked in each headline, accents and capitals as printed", async () => {
    const r = await search("ultima hora");
    expect(r.hits[0]!.parts).toEqual([
      { text: "Última", match: true },
      { text: " ", match: false },
      { text: "hora", match: true },
      { text: ": el Congreso aprueba los presupuestos", match: false },
    ]);
    expect(r.hits.map((h) => h.parts.filter((p) => p.match).map((p) => p.text))).toEqual([
      ["Última", "hora"],
      ["ÚLTIMA", "HORA"],
    ]);
    // A word the query excludes is not marked.
    const without = await search("ultima -senado");
    expect(without.hits.flatMap((h) => h.parts.filter((p) => p.match).map((p) => p.text))).toEqual(["Última", "ÚLTIMA", "última"]);
  });

  it("WEB-1: counts the matches per outlet, most first", async () => {
    expect((await search("ultima")).byOutlet).toEqual([
      { slug: "uno", name: "Diario Uno", count: 3 },
      { slug: "dos", name: "Diario Dos", count: 1 },
    ]);
    expect((await search("gobierno")).byOutlet).toEqual([{ slug: "dos", name: "Diario Dos", count: 1 }]);
  });
});
