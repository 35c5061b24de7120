import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadOutletComparison } from "../../../db/queries/site/outlet-comparison";
import { loadOutletPage } from "../../../db/queries/outlet-page/outlet-page";
import { readStatusPage } from "../../../db/queries/site/status-page";
import { loadStoryPage } from "../../../db/queries/stories/story-page";
import { comparisonFigures, stateWords } from "../../../app/_lib/pages/outlet-comparison";
import { makePolicies, NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { framing } from "../../../db/schema";
import { addArticle, addCaptures, addFrontPages, addOutlet, addStory, hash, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let veterana: number;
let nueva: number;
let oculta: number;
let lead: number;
let story: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // "veterana": read for three days; 12 articles each published 20 min before we saw it, 20 judged, 5 from EFE.
  veterana = await addOutlet(db, "veterana", "La Veterana");
  for (let i = 0; i < 24; i++) {
    const seen = NOW - 3 * 24 * HOUR + i * 2 * HOUR;
    await addArticle(db, {
      outletId: veterana,
      path: `/n${i}`,
      firstSeenAt: seen,
      ...(i < 12 ? { publishedAt: seen - 20 * MINUTE } : {}),
      readOutcome: i < 20 ? "open" : "blocked",
      ...(i < 5 ? { agency: "EFE" } : {}),
      headlines: [[`Noticia ${i}`, seen, seen]],
    });
  }
  lead = await addArticle(db, {
    outletId: veterana,
    path: "/apertura",
    firstSeenAt: NOW - 5 * HOUR,
    headlines: [["La apertura", NOW - 5 * HOUR, NOW - HOUR]],
  });
  const second = await addArticle(db, {
    outletId: veterana,
    path: "/segunda",
    firstSeenAt: NOW - 5 * HOUR,
    headlines: [["La segunda", NOW - 5 * HOUR, NOW - HOUR]],
  });
  await addFrontPages(db, veterana, [
    [NOW - 4 * HOUR, [second, lead]],
    [NOW - 3 * HOUR, [lead, second]],
    [NOW - HOUR, [lead, second]],
  ]);
  // "nueva": read for 2 hours; its first poll found a backlog published 6 hours before, then 3 fresh articles.
  nueva = await addOutlet(db, "nueva", "La Nueva");
  for (let i = 0; i < 8; i++) {
    await addArticle(db, {
      outletId: nueva,
      path: `/atraso${i}`,
      firstSeenAt: NOW - 2 * HOUR,
      publishedAt: NOW - 8 * HOUR,
      headlines: [[`Atraso ${i}`, NOW - 2 * HOUR, NOW - 2 * HOUR]],
    });
  }
  for (let i = 0; i < 3; i++) {
    await addArticle(db, {
      outletId: nueva,
      path: `/fresca${i}`,
      firstSeenAt: NOW - HOUR + i * MINUTE,
      publishedAt: NOW - HOUR - 4 * MINUTE,
      agency: "Europa Press",
      readOutcome: "open",
      headlines: [[`Fresca ${i}`, NOW - HOUR, NOW - HOUR]],
    });
  }
  await addCaptures(db, nueva, [
    [NOW - 50 * MINUTE, "timeout"],
    [NOW - 40 * MINUTE, "timeout"],
    [NOW - 30 * MINUTE, "ok"],
  ]);
  oculta = await addOutlet(db, "oculta", "La Oculta");
  await addArticle(db, { outletId: oculta, path: "/x", firstSeenAt: NOW - HOUR, headlines: [["Oculta", NOW - HOUR, NOW - HOUR]] });
  // A story: "nueva" declared its copy first although we saw "veterana"'s first.
  story = await addStory(db, ["puerto", "huelga"], NOW - 4 * HOUR, NOW - HOUR);
  await addArticle(db, {
    outletId: veterana,
    path: "/huelga",
    firstSeenAt: NOW - 4 * HOUR,
    publishedAt: NOW - 4 * HOUR - 5 * MINUTE,
    storyId: story,
    headlines: [["Huelga en el puerto", NOW - 4 * HOUR, NOW - HOUR]],
  });
  await addArticle(db, {
    outletId: nueva,
    path: "/huelga",
    firstSeenAt: NOW - 3 * HOUR,
    publishedAt: NOW - 5 * HOUR,
    agency: "EFE",
    storyId: story,
    headlines: [["El puerto, en huelga", NOW - 3 * HOUR, NOW - HOUR]],
  });
  await addArticle(db, {
    outletId: oculta,
    path: "/huelga",
    firstSeenAt: NOW - 2 * HOUR,
    storyId: story,
    headlines: [["Huelga", NOW - 2 * HOUR, NOW - 2 * HOUR]],
  });
  // Framing letters: six of "veterana"'s headlines are C, two E; one of "nueva"'s is H.
  const framed = [...[0, 1, 2, 3, 4, 5].map((i) => [`Noticia ${i}`, "C"]), ["Noticia 6", "E"], ["Noticia 7", "E"], ["Fresca 0", "H"]];
  await db.insert(framing).values(
    framed.map(([text, letter]) => ({
      textHash: hash(text!),
      letter: letter!,
      score: 0.8,
      modelSha256: "0".repeat(64),
      computedAt: new Date(NOW),
    })),
  );
});
afterAll(async () => {
  await database.close();
});

describe("outlets compared", () => {
  const hidden = () => makePolicies([{ outletId: oculta, scope: "total" }], []);

  it("WEB-1, PUB-6: one row per visible outlet, in name order, with the figures of its outlet page", async () => {
    const c = await loadOutletComparison(database.db, hidden(), NOW);
    expect(c.rows.map((r) => r.slug)).toEqual(["nueva", "veterana"]);
    const v = c.rows.find((r) => r.slug === "veterana")!;
    const page = (await loadOutletPage(database.db, hidden(), { slug: "veterana", now: NOW }))!;
    expect(v).toMatchObject({ articles: page.agency.articles, judged: page.agency.judged, agencyArticles: page.agency.agencyArticles });
    expect(v).toMatchObject({ delayArticles: page.delay.declared, delayMedianMs: page.delay.medianMs });
    expect(v.lead).toMatchObject({ articleId: lead, headline: "La apertura", since: NOW - 3 * HOUR, sinceFirstCapture: false });
  });

  it("DER-4, WEB-2: each outlet's framing letters of the week are counted; none under «sin anotación de modelo» (PUB-6)", async () => {
    const c = await loadOutletComparison(database.db, hidden(), NOW);
    expect(c.rows.find((r) => r.slug === "veterana")!.framing).toMatchObject({ headlines: 8, letters: { C: 6, E: 2 } });
    expect(c.rows.find((r) => r.slug === "nueva")!.framing).toMatchObject({ headlines: 1, letters: { H: 1 } });
    const withheld = makePolicies(
      [
        { outletId: oculta, scope: "total" },
        { outletId: veterana, scope: "sin-anotacion-de-modelo" },
      ],
      [],
    );
    const w = await loadOutletComparison(database.db, withheld, NOW);
    expect(w.rows.find((r) => r.slug === "veterana")!.framing).toBeNull();
    expect(w.rows.find((r) => r.slug === "nueva")!.framing).toMatchObject({ headlines: 1 });
  });

  it("WEB-7: figures from too little data are not given; enough data gives the figure", async () => {
    const c = await loadOutletComparison(database.db, hidden(), NOW);
    const v = comparisonFigures(
      c.rows.find((r) => r.slug === "veterana")!,
      NOW,
    );
    expect(v).toMatchObject({ agencyShare: 5 / 20, delayMedianMs: 20 * MINUTE, leadMs: 3 * HOUR, leadAtLeast: false });
    expect(v.articlesPerDay).toBeCloseTo(27 / 3, 1);
    const n = comparisonFigures(
      c.rows.find((r) => r.slug === "nueva")!,
      NOW,
    );
    expect(n).toMatchObject({ articlesPerDay: null, agencyShare: null, delayMedianMs: null });
  });

  it("DER-8, WEB-7: the backlog found when we started reading an outlet is not its delay, on both pages", async () => {
    const c = await loadOutletComparison(database.db, hidden(), NOW);
    const n = c.rows.find((r) => r.slug === "nueva")!;
    // Eight articles published 6 h before our first poll are left out: three fresh ones, 4–6 min late.
    expect(n).toMatchObject({ delayArticles: 3, delayMedianMs: 5 * MINUTE });
    const delay = (await loadOutletPage(database.db, hidden(), { slug: "nueva", now: NOW }))!.delay;
    expect(delay).toMatchObject({ articles: 12, declared: 3, beforeReading: 9, medianMs: 5 * MINUTE });
    expect(delay.bins.reduce((s, b) => s + b.count, 0)).toBe(3);
  });

  it("DER-8, WEB-7: Estado's lag counts the same articles as the outlet page", async () => {
    const status = await readStatusPage(database.db, hidden(), NOW);
    const feed = status.lag.find((l) => l.outletSlug === "nueva" && l.kind === "feed")!;
    expect(feed).toMatchObject({ articles: 3, p50: 5 });
    const delay = (await loadOutletPage(database.db, hidden(), { slug: "nueva", now: NOW }))!.delay;
    expect(feed.articles).toBe(delay.declared);
  });

  it("WEB-7: the state is said in the words of Estado", async () => {
    const c = await loadOutletComparison(database.db, hidden(), NOW);
    expect(stateWords(c.rows.find((r) => r.slug === "nueva")!.state)).toEqual(["Sin posición"]);
    expect(stateWords(c.rows.find((r) => r.slug === "veterana")!.state)).toEqual(["Normal"]);
    const withheld = await loadOutletComparison(database.db, makePolicies([{ outletId: veterana, scope: "sin-posicion" }], []), NOW);
    const v = withheld.rows.find((r) => r.slug === "veterana")!;
    expect(stateWords(v.state)).toEqual(["Sin posición, a petición del medio"]);
    expect(v.lead).toBeUndefined();
  });

  it("WEB-1: a story lists its outlets by declared publication time, with agency copy and first sighting", async () => {
    const page = (await loadStoryPage(database.db, NO_POLICIES, { id: story }))!;
    expect(page.coverage.map((c) => [c.outlet.slug, c.publishedAt, c.firstSeenAt, c.agency])).toEqual([
      ["nueva", NOW - 5 * HOUR, NOW - 3 * HOUR, "EFE"],
      ["veterana", NOW - 4 * HOUR - 5 * MINUTE, NOW - 4 * HOUR, null],
      ["oculta", null, NOW - 2 * HOUR, null],
    ]);
  });
});
