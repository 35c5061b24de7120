/**
 * The placement alert's entries (SPEC WEB-6) against the front pages as they were recorded: for
 * every article whose headline has the alert's words, the first capture at which it stood in the
 * top N, at that rank — whether the worker had ranked those captures already (the alert skips
 * what the stored days rule out) or not yet. Random pages, recorded by the crawler's own writer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankProminence } from "../../../crawler/derive/rank-prominence";
import { recordCapture } from "../../../crawler/record/frontpage";
import type { Database } from "../../../db/client";
import { loadPlacementAlert } from "../../../db/queries/alerts";
import { makePolicies } from "../../../lib/policy";
import { createDice } from "../../sim/dice";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet } from "../../support/page-fixtures";

const T0 = Date.parse("2026-11-10T08:00:00Z");
const LOOK = 15 * 60_000;
const CAPTURES = 60;
/** The worker ranks the captures as they come, up to this one; the rest are not ranked yet. */
const RANKED_UNTIL = 40;
const ARTICLES = 24;
const dice = createDice(7);
let database: Database;
let slug = "";
/** Per capture: its time and the matching articles' ranks on it. */
const pages: { at: number; ranks: Map<number, number> }[] = [];
const matching = new Set<number>();

beforeAll(async () => {
  database = await createTestDatabase();
  slug = "alertas";
  const outletId = await addOutlet(database.db, slug);
  const ids: number[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const text = i % 2 === 0 ? `La ley de vivienda llega al pleno, capítulo ${i}` : `Resultados de la jornada ${i}`;
    const id = await addArticle(database.db, { outletId, path: `/${i}`, firstSeenAt: T0, headlines: [[text, T0, T0]] });
    ids.push(id);
    if (i % 2 === 0) matching.add(id);
  }
  for (let n = 0; n < CAPTURES; n++) {
    const at = T0 + n * LOOK;
    const page = ids
      .filter((id) => dice.unit("shown", id, n >> 2) < 0.75)
      .sort((a, b) => dice.unit("order", a, n >> 1) - dice.unit("order", b, n >> 1));
    await recordCapture(database.db, {
      outletId,
      at,
      renderMode: "static",
      ranks: page.map((articleId, i) => ({ articleId, rank: i + 1 })),
    });
    pages.push({ at, ranks: new Map(page.map((id, i) => [id, i + 1])) });
    if (n < RANKED_UNTIL && n % 5 === 0) await rankProminence(database.db);
  }
});
afterAll(async () => {
  await database.close();
});

/** What the recorded pages say: each matching article's first capture in the top `top`, and its rank then. */
function expected(top: number): Map<number, { at: number; rank: number }> {
  const first = new Map<number, { at: number; rank: number }>();
  for (const page of pages)
    for (const [id, rank] of page.ranks) if (matching.has(id) && rank <= top && !first.has(id)) first.set(id, { at: page.at, rank });
  return first;
}

describe("the placement alert", () => {
  it.each([1, 3, 5, 10])("WEB-6, WEB-10: top %i — every matching article's first capture in the top, at its rank then", async (top) => {
    const now = T0 + CAPTURES * LOOK;
    const entries = await loadPlacementAlert(database.db, makePolicies([], []), { q: "vivienda", outlets: [slug], top, now });
    const want = expected(top);
    expect(want.size).toBeGreaterThan(0);
    expect(new Map(entries.map((e) => [e.articleId, { at: e.at, rank: e.rank }]))).toEqual(want);
  });

  it("WEB-10: an entry says when the words are in another version than the headline it had when it got there", async () => {
    const outletId = await addOutlet(database.db, "alertas-versiones");
    const later = await addArticle(database.db, {
      outletId,
      path: "/despues",
      firstSeenAt: T0,
      headlines: [
        ["Resultados del pleno de hoy", T0, T0 + LOOK],
        ["El pleno aprueba la ley de vivienda", T0 + 2 * LOOK, T0 + 3 * LOOK],
      ],
    });
    const always = await addArticle(database.db, {
      outletId,
      path: "/siempre",
      firstSeenAt: T0,
      headlines: [["La vivienda, en el pleno", T0, T0 + 3 * LOOK]],
    });
    for (let n = 0; n < 4; n++)
      await recordCapture(database.db, {
        outletId,
        at: T0 + n * LOOK,
        renderMode: "static",
        ranks: [
          { articleId: later, rank: 1 },
          { articleId: always, rank: 2 },
        ],
      });
    const entries = await loadPlacementAlert(database.db, makePolicies([], []), {
      q: "vivienda",
      outlets: ["alertas-versiones"],
      top: 5,
      now: T0 + 4 * LOOK,
    });
    const byId = new Map(entries.map((e) => [e.articleId, e]));
    expect(byId.get(later)).toMatchObject({ at: T0, headline: "Resultados del pleno de hoy", headlineMatched: false });
    expect(byId.get(always)).toMatchObject({ at: T0, headline: "La vivienda, en el pleno", headlineMatched: true });
  });

  it("WEB-6: some first arrivals fall in captures the worker had not ranked, so both paths are exercised", () => {
    const arrivals = [...expected(1).values()].map((e) => e.at);
    const rankedThrough = pages[RANKED_UNTIL - 1]!.at;
    expect(arrivals.some((at) => at <= rankedThrough)).toBe(true);
    expect(arrivals.some((at) => at > rankedThrough)).toBe(true);
  });
});
