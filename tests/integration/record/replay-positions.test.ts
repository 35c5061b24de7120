/**
 * The front-page record on real sequences (SPEC EXT-3 front-page ranks, STO-1 rank spans):
 * the 124 captures of ../shared/replay/ (sha256 checked against the manifest; a missing or
 * changed file fails) replayed through the collector, parser and recorders with a manual
 * clock (tests/replay/replay.ts), read back by the site's read model and held to floors just
 * under the figures measured with `npm run bench -- replay` (docs/positions.md), so a
 * regression of positions, titles or spans fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { replayExpectations, replayFiles } from "../../replay/files";
import { replayAll, type OutletReplay } from "../../replay/replay";
import { createTestDatabase } from "../../support/database";

// Floors per outlet: lead correct, mean top-10 overlap, headline = title (on the hand-checked captures).
const FLOORS: Record<string, { lead: number; overlap: number; title: number }> = {
  "zeit.de": { lead: 1, overlap: 0.99, title: 1 },
  "heise.de": { lead: 1, overlap: 0.99, title: 1 },
  "faz.net": { lead: 1, overlap: 0.98, title: 1 },
  "t-online.de": { lead: 1, overlap: 0.99, title: 1 },
  "sueddeutsche.de": { lead: 1, overlap: 0.89, title: 1 },
};

let database: Database;
let outlets: OutletReplay[];

beforeAll(async () => {
  database = await createTestDatabase();
  outlets = await replayAll(database, replayFiles(), replayExpectations());
}, 300_000);

afterAll(async () => {
  await database?.close();
});

describe("real front-page sequences replayed through the product (SPEC EXT-3, EXT-8, STO-1)", () => {
  it("EXT-3: every outlet of the replay was replayed, with its hand-checked captures", () => {
    expect(outlets.map((o) => o.outlet).sort()).toEqual(Object.keys(FLOORS).sort());
    for (const o of outlets) expect(o.expected.captures, o.outlet).toBeGreaterThanOrEqual(8);
  });

  it("EXT-3, EXT-8: the lead, the top 10 and the headlines are the hand-checked teasers and titles", () => {
    for (const o of outlets) {
      const floor = FLOORS[o.outlet]!;
      const e = o.expected;
      expect(e.lead / e.captures, `${o.outlet} lead`).toBeGreaterThanOrEqual(floor.lead);
      expect(e.overlap / e.captures, `${o.outlet} top-10 overlap`).toBeGreaterThanOrEqual(floor.overlap);
      expect(e.titled / e.found, `${o.outlet} headline = title`).toBeGreaterThanOrEqual(floor.title);
    }
  });

  it("STO-1: the stored spans give back every capture's ranking, each article's stays and its first sighting", () => {
    for (const o of outlets) {
      expect(o.ranksExact, `${o.outlet} rankings`).toBe(o.captures - o.notModified);
      expect(o.staysExact, `${o.outlet} stays`).toBe(o.articles);
      expect(o.firstSeenShare, `${o.outlet} first seen`).toBe(1);
    }
  });
});
