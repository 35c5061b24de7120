/** Headline features per outlet over a period (SPEC DER-1, DER-12, WEB-5), from stored features, never from text. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadHeadlineFeatureCounts } from "../../../db/figures/headline-feature-shares";
import { loadOutletPage } from "../../../db/queries/outlet-page/outlet-page";
import { headlineFeatures } from "../../../db/schema";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet, hash, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let uno: number;
let dos: number;

type Marks = { question?: boolean; quote?: boolean; number?: boolean; clickbait?: string[]; language?: string | null };

async function headline(outletId: number, path: string, text: string, seen: number, m: Marks): Promise<void> {
  await addArticle(database.db, { outletId, path, firstSeenAt: seen, headlines: [[text, seen, seen]] });
  await database.db.insert(headlineFeatures).values({
    textHash: hash(text),
    chars: text.length,
    words: text.split(" ").length,
    isQuestion: m.question ?? false,
    isExclamation: false,
    hasQuote: m.quote ?? false,
    hasNumber: m.number ?? false,
    firstOrSecondPerson: false,
    hasColonOrDash: false,
    capitalisedTokens: 0,
    clickbaitPatterns: m.clickbait ?? [],
    language: m.language === undefined ? "es" : m.language,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  uno = await addOutlet(database.db, "uno", "Diario Uno");
  dos = await addOutlet(database.db, "dos", "Diario Dos");
  const t = NOW - 5 * HOUR;
  await headline(uno, "/a", "¿Sube el paro?", t, { question: true });
  await headline(uno, "/b", "«No me iré», dice", t, { quote: true });
  await headline(uno, "/c", "5 claves del día", t, { number: true, clickbait: ["lista-numerada"] });
  await headline(uno, "/d", "Descubre el truco para todo", t, { clickbait: ["imperativo", "el-truco"] });
  await headline(uno, "/e", "Sans langue connue", t, { language: null });
  await headline(uno, "/f", "Is this English?", t, { question: true, language: "en" });
  // Out of the period: ten days before.
  await headline(uno, "/vieja", "¿Vieja pregunta?", NOW - 10 * 24 * HOUR, { question: true });
  await headline(dos, "/x", "¿Otra?", t, { question: true });
});
afterAll(async () => {
  await database.close();
});

describe("headline features per outlet (DER-1)", () => {
  it("DER-1, DER-12: counts the period's Spanish (or unknown-language) headlines; others are only counted as not applicable", async () => {
    const [a, b] = await loadHeadlineFeatureCounts(database.db, [uno, dos], { start: NOW - 7 * 24 * HOUR, end: NOW });
    expect(a).toEqual({
      outletId: uno,
      headlines: 5,
      otherLanguage: 1,
      questions: 1,
      quotes: 1,
      numbers: 1,
      clickbait: 2,
      formulas: [
        { id: "el-truco", count: 1 },
        { id: "imperativo", count: 1 },
        { id: "lista-numerada", count: 1 },
      ],
    });
    expect(b).toMatchObject({ outletId: dos, headlines: 1, questions: 1, clickbait: 0, formulas: [] });
  });

  it("WEB-5: the outlet page counts them over the chosen period", async () => {
    const old = { start: NOW - 11 * 24 * HOUR, end: NOW - 9 * 24 * HOUR };
    const page = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW, period: old }))!;
    expect(page.features).toMatchObject({ ...old, headlines: 1, questions: 1, otherLanguage: 0 });
    const recent = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!;
    expect(recent.features).toMatchObject({ start: NOW - 7 * 24 * HOUR, end: NOW, headlines: 5 });
  });

  it("DER-1: an outlet with no headline in the period has zero counts, not no row", async () => {
    const [none] = await loadHeadlineFeatureCounts(database.db, [dos], { start: NOW - 30 * 24 * HOUR, end: NOW - 20 * 24 * HOUR });
    expect(none).toEqual({
      outletId: dos,
      headlines: 0,
      otherLanguage: 0,
      questions: 0,
      quotes: 0,
      numbers: 0,
      clickbait: 0,
      formulas: [],
    });
  });
});
