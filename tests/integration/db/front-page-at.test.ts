import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadFrontPageAt } from "../../../db/queries/front-pages/front-page-at";
import { frontPageAt } from "../../../db/figures/api/front-pages";
import { NO_POLICIES, policyFromScopes, WITHHELD_HEADLINE } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addCaptures, addFrontPages, addOutlet, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const T = [NOW - 10 * HOUR, NOW - 9 * HOUR, NOW - 8 * HOUR, NOW - 7.5 * HOUR, NOW - 7 * HOUR, NOW - 6 * HOUR] as const;
let database: Database;
let outletId: number;
let a: number, b: number, c: number, d: number;

const at = (minute: number, policy = NO_POLICIES.forOutlet(outletId)) =>
  loadFrontPageAt(database.db, { outletId, policy, minute: Math.floor(minute / MINUTE) * MINUTE, now: NOW });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  outletId = await addOutlet(db, "pasado", "Diario del Pasado");
  const article = (name: string, headlines: [string, number, number][]) =>
    addArticle(db, { outletId, path: `/${name}`, firstSeenAt: T[0] - HOUR, headlines });
  a = await article("a", [
    ["Primer titular de A", T[0] - HOUR, T[1]],
    ["Segundo titular de A", T[1] + 5 * MINUTE, NOW],
  ]);
  b = await article("b", [["Titular de B", T[0] - HOUR, NOW]]);
  c = await article("c", [["Titular de C", T[0] - HOUR, NOW]]);
  d = await article("d", [["Titular de D", T[0] - HOUR, NOW]]);
  await addFrontPages(db, outletId, [
    [T[0], [a, b, c]],
    [T[1], [d, a, b, c]],
    [T[2], [c, d, a, b]],
  ]);
  await addCaptures(db, outletId, [[T[3], "extraction-failed"]]);
  // "a" leaves at T4 and comes back at T5, lower than it ever was before.
  await addFrontPages(db, outletId, [
    [T[4], [c, d, b]],
    [T[5], [c, a, d, b]],
  ]);
  await db.execute(sql`insert into fetch_log (at, site_domain, url, kind, status, outcome)
    values (${new Date(NOW - HOUR).toISOString()}, 'pasado.test', 'https://www.pasado.test/', 'page', 403, 'blocked')`);
});
afterAll(async () => {
  await database.close();
});

describe("an outlet's front page at a past minute", () => {
  it("WEB-5: a minute before the first capture says so and lists nothing", async () => {
    const page = await at(T[0] - 30 * MINUTE);
    expect(page.state).toEqual({ kind: "before-first", firstOk: T[0] });
    expect(page.links).toEqual([]);
    expect(page.next).toBe(T[0]);
  });

  it("WEB-5: shows the ranked links of the last capture by then, as frontPageAt reads them (WEB-7)", async () => {
    const page = await at(T[2] + 20 * MINUTE);
    expect(page.state).toEqual({ kind: "captured" });
    expect(page.capture).toBe(T[2]);
    expect(page.links.map((l) => [l.articleId, l.rank])).toEqual([
      [c, 1],
      [d, 2],
      [a, 3],
      [b, 4],
    ]);
    const reference = await frontPageAt(database.db, outletId, T[2] + 20 * MINUTE);
    expect(page.links.map((l) => ({ articleId: l.articleId, rank: l.rank }))).toEqual(reference);
  });

  it("WEB-5: each link has the headline valid at that minute", async () => {
    expect((await at(T[0] + MINUTE)).links.find((l) => l.articleId === a)?.headline).toBe("Primer titular de A");
    expect((await at(T[2])).links.find((l) => l.articleId === a)?.headline).toBe("Segundo titular de A");
    const withheld = await at(T[2], policyFromScopes(["sin-titulares-literales"]));
    expect(withheld.links.every((l) => l.headline === WITHHELD_HEADLINE)).toBe(true);
  });

  it("WEB-5: how long each link had been on the front page and its best rank in that stay", async () => {
    const page = await at(T[2]);
    const byId = new Map(page.links.map((l) => [l.articleId, l]));
    expect(byId.get(c)).toMatchObject({ since: T[0], bestRank: 1 });
    expect(byId.get(a)).toMatchObject({ since: T[0], bestRank: 1 });
    expect(byId.get(d)).toMatchObject({ since: T[1], bestRank: 1 });
    expect(byId.get(b)).toMatchObject({ since: T[0], bestRank: 2 });
    // "a" left at T4: its new stay starts at T5, where it never ranked better than 2.
    const later = await at(T[5] + MINUTE);
    expect(later.links.find((l) => l.articleId === a)).toMatchObject({ rank: 2, since: T[5], bestRank: 2 });
    expect(later.links.find((l) => l.articleId === c)).toMatchObject({ since: T[0], bestRank: 1 });
  });

  it("WEB-5: the previous and next successful captures skip failed ones", async () => {
    const page = await at(T[2] + MINUTE);
    expect([page.previous, page.capture, page.next]).toEqual([T[1], T[2], T[4]]);
    const first = await at(T[0]);
    expect([first.previous, first.capture, first.next]).toEqual([null, T[0], T[1]]);
  });

  it("WEB-5: a minute inside a failed capture period says so and shows the last good capture", async () => {
    const page = await at(T[3] + 10 * MINUTE);
    expect(page.state).toEqual({ kind: "failed", since: T[3], outcome: "extraction-failed" });
    expect(page.capture).toBe(T[2]);
    expect(page.links).toHaveLength(4);
  });

  it("WEB-5: long silence, a blocked front page and a minute still to come are told apart", async () => {
    expect((await at(NOW - 2 * HOUR)).state).toEqual({ kind: "silent", since: T[5] });
    expect((await at(NOW - 30 * MINUTE)).state).toEqual({ kind: "blocked", since: NOW - HOUR });
    expect((await at(NOW + HOUR)).state).toEqual({ kind: "future" });
  });
});
