/**
 * Agency genealogy read models (SPEC DER-10): a story's agency copies outlet by outlet, and
 * the daily share of an outlet's front page made of agency copy, on real PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadAgencyFrontShare } from "../../../db/figures/outlet-page/agency-front-share";
import { loadAgencyGenealogy } from "../../../db/queries/stories/agency-genealogy";
import { makePolicies, NO_POLICIES, WITHHELD_HEADLINE } from "../../../lib/policy";
import { apiCaller } from "../api/call";
import { createTestDatabase } from "../../support/database";
import { addArticle, addFrontPages, addOutlet, addStory, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
/** 2026-11-20 00:00 in Madrid (UTC+1 in November). */
const TODAY = Date.parse("2026-11-19T23:00:00Z");
const DAY = 24 * HOUR;
const BASE = 0x5a5a_1234_0f0f_7777n;
let database: Database;
let uno: number;
let tres: number;
let story: number;
let a1: number;
let a2: number;
let a3: number;
const api = apiCaller(
  () => database,
  () => NOW,
);

async function summary(articleId: number, simhash: bigint, credit: string | null): Promise<void> {
  await database.db.execute(sql`insert into body_summaries (article_id, simhash, shingle_count, agency_credit, computed_at)
    values (${articleId}, ${BigInt.asIntN(64, simhash).toString()}::bigint, 120, ${credit}, ${new Date(NOW).toISOString()})`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  uno = await addOutlet(db, "uno", "Diario Uno");
  const dos = await addOutlet(db, "dos", "Diario Dos");
  tres = await addOutlet(db, "tres", "Diario Tres");
  const cuatro = await addOutlet(db, "cuatro", "Diario Cuatro");
  story = await addStory(db, ["vivienda"], NOW - 10 * HOUR, NOW - HOUR);
  a1 = await addArticle(db, {
    outletId: uno,
    path: "/ley",
    firstSeenAt: NOW - 9 * HOUR,
    publishedAt: NOW - 10 * HOUR,
    agency: "EFE",
    storyId: story,
    headlines: [["El Gobierno aprueba la ley de vivienda", NOW - 9 * HOUR, NOW - HOUR]],
  });
  a2 = await addArticle(db, {
    outletId: dos,
    path: "/vivienda",
    firstSeenAt: NOW - 8 * HOUR,
    agency: "EFE",
    storyId: story,
    headlines: [
      ["Aprobada la ley de vivienda", NOW - 8 * HOUR, NOW - 6 * HOUR],
      ["La ley de vivienda topará los alquileres", NOW - 6 * HOUR, NOW - HOUR],
    ],
  });
  a3 = await addArticle(db, {
    outletId: tres,
    path: "/alquiler",
    firstSeenAt: NOW - 7 * HOUR,
    agency: "EFE",
    storyId: story,
    headlines: [["Tope a los alquileres", NOW - 7 * HOUR, NOW - 2 * HOUR]],
  });
  await addArticle(db, {
    outletId: cuatro,
    path: "/propia",
    firstSeenAt: NOW - 7 * HOUR,
    storyId: story,
    headlines: [["Nuestra crónica de la ley", NOW - 7 * HOUR, NOW - 2 * HOUR]],
  });
  await summary(a1, BASE, "EFE");
  await summary(a2, BASE ^ 0b1n, null);
  await summary(a3, BASE ^ 0x3fn, "EFE");
  // Uno's front page today: the agency article for two hours, an article of its own for three.
  const own = await addArticle(db, {
    outletId: uno,
    path: "/propio",
    firstSeenAt: NOW - 6 * HOUR,
    readOutcome: "open",
    headlines: [["Pieza propia", NOW - 6 * HOUR, NOW]],
  });
  await addFrontPages(db, uno, [
    [NOW - 6 * HOUR, [a1, own]],
    [NOW - 4 * HOUR, [a1, own]],
    [NOW - 3 * HOUR, [own]],
  ]);
  // Yesterday (Madrid): a day of agency copy only, 22:30 to 23:30 UTC crossing into today.
  await addFrontPages(db, dos, [
    [TODAY - 30 * MINUTE, [a2]],
    [TODAY + 30 * MINUTE, [a2]],
    [TODAY + HOUR, []],
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("agency genealogy of a story", () => {
  it("DER-10: each copy with its outlet, times, first and current headline, credit line and edit distance to the earliest copy", async () => {
    const g = await loadAgencyGenealogy(database.db, NO_POLICIES, story);
    expect(g.copies).toEqual([
      {
        articleId: a1,
        outlet: { slug: "uno", name: "Diario Uno" },
        agency: "EFE",
        firstSeenAt: NOW - 9 * HOUR,
        publishedAt: NOW - 10 * HOUR,
        firstHeadline: "El Gobierno aprueba la ley de vivienda",
        currentHeadline: "El Gobierno aprueba la ley de vivienda",
        headlineVersions: 1,
        credit: "kept",
        edit: { bits: 0, band: "identica", label: "idéntica" },
        reference: true,
      },
      {
        articleId: a2,
        outlet: { slug: "dos", name: "Diario Dos" },
        agency: "EFE",
        firstSeenAt: NOW - 8 * HOUR,
        publishedAt: null,
        firstHeadline: "Aprobada la ley de vivienda",
        currentHeadline: "La ley de vivienda topará los alquileres",
        headlineVersions: 2,
        credit: "dropped",
        edit: { bits: 1, band: "retocada", label: "retoques menores" },
        reference: false,
      },
      {
        articleId: a3,
        outlet: { slug: "tres", name: "Diario Tres" },
        agency: "EFE",
        firstSeenAt: NOW - 7 * HOUR,
        publishedAt: null,
        firstHeadline: "Tope a los alquileres",
        currentHeadline: "Tope a los alquileres",
        headlineVersions: 1,
        credit: "kept",
        edit: { bits: 6, band: "editada", label: "editada" },
        reference: false,
      },
    ]);
  });

  it("DER-10, PUB-6: an outlet under total is left out (the next copy becomes the reference); withheld headlines stay withheld", async () => {
    const policies = makePolicies(
      [
        { outletId: uno, scope: "total" },
        { outletId: tres, scope: "sin-titulares-literales" },
      ],
      [],
    );
    const g = await loadAgencyGenealogy(database.db, policies, story);
    expect(g.copies.map((c) => [c.outlet.slug, c.reference, c.edit?.bits])).toEqual([
      ["dos", true, 0],
      ["tres", false, 5],
    ]);
    expect(g.copies[1]).toMatchObject({ firstHeadline: WITHHELD_HEADLINE, currentHeadline: WITHHELD_HEADLINE });
    expect(JSON.stringify(g)).not.toContain("Tope a los alquileres");
  });

  it("DER-10: a story without agency copy has an empty genealogy", async () => {
    const other = await addStory(database.db, ["otra"], NOW - HOUR, NOW);
    expect(await loadAgencyGenealogy(database.db, NO_POLICIES, other)).toEqual({ storyId: other, copies: [] });
  });
});

describe("agency share of a front page, per day", () => {
  it("DER-10: minutes of agency articles over all minutes on the front page, day by day, for the last 7 days", async () => {
    const share = await loadAgencyFrontShare(database.db, uno, { now: NOW });
    expect(share.days.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => TODAY - (6 - i) * DAY));
    expect(share.days.slice(0, 6)).toEqual(
      share.days.slice(0, 6).map((d) => ({
        day: d.day,
        agencyMinutes: 0,
        totalMinutes: 0,
        share: null,
        verdict: expect.objectContaining({ reason: "sin-datos" }),
      })),
    );
    expect(share.days[6]).toEqual({
      day: TODAY,
      agencyMinutes: 120,
      totalMinutes: 300,
      share: 0.4,
      verdict: { measurable: true, share: 0.4 },
    });
  });

  it("WEB-7, DER-10: a day whose front page was mostly articles we could not read is 'no medible', not a low share", async () => {
    const own = sql`(select id from articles where outlet_id = ${uno} and url like '%/propio')`;
    await database.db.execute(sql`update articles set read_outcome = 'reserved' where id = ${own}`);
    try {
      const today = (await loadAgencyFrontShare(database.db, uno, { now: NOW })).days[6]!;
      expect(today).toMatchObject({
        agencyMinutes: 120,
        totalMinutes: 300,
        share: null,
        verdict: { measurable: false, reason: "muestra-sesgada" },
      });
    } finally {
      await database.db.execute(sql`update articles set read_outcome = 'open' where id = ${own}`);
    }
  });

  it("DER-10: a span across midnight is split between the two peninsular days", async () => {
    const share = await loadAgencyFrontShare(
      database.db,
      (await database.db.execute<{ id: number }>(sql`select id from outlets where slug = 'dos'`))[0]!.id,
      { now: NOW },
    );
    expect(share.days.slice(-2)).toEqual([
      { day: TODAY - DAY, agencyMinutes: 30, totalMinutes: 30, share: 1, verdict: { measurable: true, share: 1 } },
      { day: TODAY, agencyMinutes: 30, totalMinutes: 30, share: 1, verdict: { measurable: true, share: 1 } },
    ]);
  });
});

describe("agency genealogy in the API", () => {
  it("DER-10, WEB-3: /api/v1/stories/{id} carries the story's agency genealogy", async () => {
    const { data } = await api.json<{ data: { agency_genealogy: Record<string, unknown>[] } }>(`/api/v1/stories/${story}`);
    expect(data.agency_genealogy.map((c) => [c.outlet, c.credit_line, c.edit_bits, c.edit_band, c.reference_copy])).toEqual([
      ["uno", "kept", 0, "identica", true],
      ["dos", "dropped", 1, "retocada", false],
      ["tres", "kept", 6, "editada", false],
    ]);
    expect(data.agency_genealogy[1]).toMatchObject({
      first_headline: "Aprobada la ley de vivienda",
      current_headline: "La ley de vivienda topará los alquileres",
      headline_versions: 2,
    });
  });

  it("DER-10, WEB-3: /api/v1/outlets/{slug} carries the daily agency share of its front page", async () => {
    const { data } = await api.json<{ data: { agency_front_page_share: Record<string, unknown>[] } }>("/api/v1/outlets/uno");
    expect(data.agency_front_page_share).toHaveLength(7);
    expect(data.agency_front_page_share.at(-1)).toEqual({
      day: new Date(TODAY).toISOString(),
      agency_minutes: 120,
      front_page_minutes: 300,
      agency_share: 0.4,
      not_measurable: null,
      not_measurable_why: null,
    });
    expect(data.agency_front_page_share[0]).toMatchObject({ agency_share: null, not_measurable: "sin-datos" });
  });
});
