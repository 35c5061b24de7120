/**
 * An outlet's silences (SPEC DER-11) on real PostgreSQL: which outlets count as followed,
 * who carried which story, and the outlet's best rank, fed to the pure rule.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadOutletSilences } from "../../../db/figures/outlet-page/silences";
import { DEFAULT_SILENCE_RULE, silenceFinding } from "../../../lib/analysis/silences";
import { makePolicies, NO_POLICIES } from "../../../lib/policy";
import { apiCaller } from "../api/call";
import { createTestDatabase } from "../../support/database";
import { addArticle, addCaptures, addFillers, addFrontPages, addOutlet, addStory, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let uno: number;
let cinco: number;
let unheard: number;
let low: number;
const api = apiCaller(
  () => database,
  () => NOW,
);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  uno = await addOutlet(db, "uno", "Diario Uno");
  const dos = await addOutlet(db, "dos", "Diario Dos");
  const tres = await addOutlet(db, "tres", "Diario Tres");
  const cuatro = await addOutlet(db, "cuatro", "Diario Cuatro");
  cinco = await addOutlet(db, "cinco", "Diario Cinco");
  const seis = await addOutlet(db, "seis", "Diario Seis");
  const siete = await addOutlet(db, "siete", "Diario Siete");
  // Six outlets captured every hour for the last six; Cinco's front page only once (closed since).
  for (const o of [dos, tres, cuatro, seis, siete])
    await addCaptures(
      db,
      o,
      Array.from({ length: 6 }, (_, i) => [NOW - (6 - i) * HOUR, "ok"] as [number, string]),
    );
  await addCaptures(db, cinco, [
    [NOW - 6 * HOUR, "ok"],
    [NOW - 5 * HOUR, "blocked"],
    [NOW - 4 * HOUR, "blocked"],
  ]);
  unheard = await addStory(db, ["dana"], NOW - 5 * HOUR, NOW - HOUR);
  low = await addStory(db, ["pleno"], NOW - 5 * HOUR, NOW - HOUR);
  const led = await addStory(db, ["liga"], NOW - 5 * HOUR, NOW - HOUR);
  const few = await addStory(db, ["vendimia"], NOW - 5 * HOUR, NOW - HOUR);
  const article = (outletId: number, storyId: number, path: string) =>
    addArticle(db, { outletId, path, firstSeenAt: NOW - 5 * HOUR, storyId, headlines: [[`Titular ${path}`, NOW - 5 * HOUR, NOW - HOUR]] });
  for (const [o, slug] of [
    [dos, "dos"],
    [tres, "tres"],
    [cuatro, "cuatro"],
    [seis, "seis"],
    [siete, "siete"],
  ] as const) {
    await article(o, unheard, `/dana-${slug}`);
    await article(o, low, `/pleno-${slug}`);
    await article(o, led, `/liga-${slug}`);
  }
  await article(dos, few, "/vendimia-dos");
  await article(tres, few, "/vendimia-tres");
  await article(cinco, few, "/vendimia-cinco");
  await article(cinco, unheard, "/dana-cinco");
  // Uno ran the plenary twelfth on its front page, and the league first.
  const lowHere = await article(uno, low, "/pleno");
  const ledHere = await article(uno, led, "/liga");
  const fillers = await addFillers(db, uno, 10, NOW - 6 * HOUR);
  const page = [ledHere, ...fillers, lowHere];
  await addFrontPages(
    db,
    uno,
    Array.from({ length: 6 }, (_, i) => [NOW - (6 - i) * HOUR, page] as [number, number[]]),
  );
});
afterAll(async () => {
  await database.close();
});

describe("silences of an outlet", () => {
  it("DER-11: a story most followed outlets carried that the outlet never ran, and one it never placed in its top 10", async () => {
    const s = await loadOutletSilences(database.db, NO_POLICIES, { outletId: uno, now: NOW });
    // Six followed: a story needs 4 carriers (30 %, never fewer than 4); the vintage story (2 followed carriers) does not qualify.
    expect(s).toMatchObject({ followed: 6, needed: 4, qualifying: 3, judged: true, positions: true, start: NOW - 7 * 24 * HOUR, end: NOW });
    expect(s.silences.map((x) => [x.storyId, x.kind, x.carriers, x.bestRank])).toEqual([
      [low, "fuera-de-cabeza", 6, 12],
      [unheard, "no-publicada", 5, null],
    ]);
    expect(s.silences[0]).toMatchObject({
      keyTerms: ["pleno"],
      followed: 6,
      firstSeenAt: NOW - 5 * HOUR,
      label: { headline: expect.any(String) },
    });
    expect(s.silences[1]!.label).toMatchObject({ headline: expect.any(String) });
  });

  it("DER-11: a page that lists the first silences labels only those; the others keep their key terms", async () => {
    const s = await loadOutletSilences(database.db, NO_POLICIES, { outletId: uno, now: NOW, labelled: 1 });
    expect(s.silences.map((x) => [x.storyId, x.label === undefined])).toEqual([
      [low, false],
      [unheard, true],
    ]);
    expect(s.silences[1]!.keyTerms.length).toBeGreaterThan(0);
  });

  it("DER-11: an outlet whose front page was closed most of the period is not followed: it counts nowhere and has no silences", async () => {
    const s = await loadOutletSilences(database.db, NO_POLICIES, { outletId: cinco, now: NOW });
    expect(s).toMatchObject({ followed: 6, judged: false, silences: [] });
  });

  it("DER-11, WEB-8: with fewer comparable outlets than the rule asks, nothing is judged ('no medible'), which is not an all-clear", async () => {
    const rule = { ...DEFAULT_SILENCE_RULE, minFollowed: 7 };
    const s = await loadOutletSilences(database.db, NO_POLICIES, { outletId: uno, now: NOW, rule });
    expect(s).toMatchObject({ followed: 6, needed: null, qualifying: 0, silences: [] });
    expect(silenceFinding({ followed: s.followed, qualifying: s.qualifying, silences: 0, rule })).toBe("no-medible");
  });

  it("DER-11, PUB-6: under «sin posición» only the stories it never ran are listed", async () => {
    const s = await loadOutletSilences(database.db, makePolicies([{ outletId: uno, scope: "sin-posicion" }], []), {
      outletId: uno,
      now: NOW,
    });
    expect(s.positions).toBe(false);
    expect(s.silences.map((x) => [x.storyId, x.kind])).toEqual([[unheard, "no-publicada"]]);
  });

  it("DER-11, PUB-1: an outlet under «sin anotación de modelo» is in no story, so it counts nowhere and has no silences", async () => {
    const policies = makePolicies([{ outletId: uno, scope: "sin-anotacion-de-modelo" }], []);
    expect(await loadOutletSilences(database.db, policies, { outletId: uno, now: NOW })).toMatchObject({
      followed: 5,
      judged: false,
      grouped: false,
      silences: [],
    });
    const [, dos] = (await database.db.execute<{ id: number }>(sql`select id from outlets order by id`)).map((r) => r.id);
    expect(await loadOutletSilences(database.db, policies, { outletId: dos!, now: NOW })).toMatchObject({
      followed: 5,
      judged: true,
      grouped: true,
    });
  });

  it("DER-11: stories of an older period are not judged", async () => {
    const s = await loadOutletSilences(database.db, NO_POLICIES, { outletId: uno, now: NOW + 9 * 24 * HOUR });
    expect(s.silences).toEqual([]);
  });
});

describe("silences within a scope group", () => {
  it("DER-11: an outlet is compared only with followed outlets of its own scope; too few of them is 'no medible'", async () => {
    const { db } = database;
    await db.execute(
      sql`update outlets set groups = case when slug in ('uno', 'dos', 'tres') then '{regional}'::text[] else '{nacional}'::text[] end`,
    );
    try {
      // Uno's scope has three followed outlets (Uno, Dos, Tres): fewer than the six the rule asks.
      const s = await loadOutletSilences(db, NO_POLICIES, { outletId: uno, now: NOW });
      expect(s).toMatchObject({ followed: 3, needed: null, silences: [] });
      expect(silenceFinding({ followed: s.followed, qualifying: s.qualifying, silences: 0 })).toBe("no-medible");
      // With a rule for small scopes, Dos and Tres alone make a story widely carried, the vintage one too.
      const rule = { ...DEFAULT_SILENCE_RULE, minFollowed: 3, minCarriers: 2 };
      const small = await loadOutletSilences(db, NO_POLICIES, { outletId: uno, now: NOW, rule });
      expect(small).toMatchObject({ followed: 3, needed: 2, qualifying: 4 });
      expect(small.silences.map((x) => [x.kind, x.carriers, x.followed])).toEqual([
        ["fuera-de-cabeza", 3, 3],
        ["no-publicada", 2, 3],
        ["no-publicada", 2, 3],
      ]);
    } finally {
      await db.execute(sql`update outlets set groups = '{}'::text[]`);
    }
  });
});

describe("silences in the API", () => {
  it("DER-11, WEB-3: /api/v1/outlets/{slug} carries the rule, the period and the outlet's silences", async () => {
    const { data } = await api.json<{ data: { silences: Record<string, unknown> } }>("/api/v1/outlets/uno");
    expect(data.silences).toMatchObject({
      min_share: 0.3,
      min_carriers: 4,
      carriers_needed: 4,
      widely_carried_stories: 3,
      finding: "silencios",
      top_rank: 10,
      followed_outlets: 6,
      judged: true,
      positions_judged: true,
      to: new Date(NOW).toISOString(),
    });
    expect(data.silences.stories).toEqual([
      { story_id: low, kind: "fuera-de-cabeza", carried_by: 6, best_rank: 12, key_terms: ["pleno"] },
      { story_id: unheard, kind: "no-publicada", carried_by: 5, best_rank: null, key_terms: ["dana"] },
    ]);
  });
});
