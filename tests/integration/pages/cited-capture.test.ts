/**
 * A cited capture's list (SPEC WEB-5) read in one statement equals the front page at that capture as
 * the past-front-page view reads it (db/queries/front-pages/front-page-at.ts): the same links in the
 * same order, each with the headline it had then and its address; its neighbours are the outlet's
 * successful captures before and after it. Random pages with retitled articles, recorded by the
 * crawler's own writer, and a failed capture in between.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCapture, recordFailedCapture } from "../../../crawler/record/frontpage";
import type { Database } from "../../../db/client";
import { loadCapture } from "../../../db/queries/front-pages/capture";
import { linksAt } from "../../../db/queries/front-pages/front-page-at";
import { makePolicies } from "../../../lib/policy";
import { createDice } from "../../sim/dice";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet } from "../../support/page-fixtures";

const T0 = Date.parse("2026-11-10T08:00:00Z");
const LOOK = 15 * 60_000;
const dice = createDice(5);
let database: Database;
let outletId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  outletId = await addOutlet(db, "citas");
  const ids: number[] = [];
  for (let i = 0; i < 20; i++)
    ids.push(
      await addArticle(db, {
        outletId,
        path: `/${i}`,
        firstSeenAt: T0,
        // Every third article is retitled halfway: the capture must cite the headline it had then.
        headlines:
          i % 3 === 0
            ? [
                [`Primero ${i}`, T0, T0 + 10 * LOOK],
                [`Después ${i}`, T0 + 11 * LOOK, T0 + 30 * LOOK],
              ]
            : [[`Titular ${i}`, T0, T0]],
      }),
    );
  for (let n = 0; n < 30; n++) {
    const at = T0 + n * LOOK;
    if (n === 7) {
      await recordFailedCapture(db, { outletId, at, outcome: "http-503", renderMode: "static" });
      continue;
    }
    const page = ids
      .filter((id) => dice.unit("shown", id, n >> 2) < 0.8)
      .sort((a, b) => dice.unit("order", a, n >> 1) - dice.unit("order", b, n >> 1));
    await recordCapture(db, { outletId, at, renderMode: "static", ranks: page.map((articleId, i) => ({ articleId, rank: i + 1 })) });
  }
});
afterAll(async () => {
  await database.close();
});

describe("a cited capture", () => {
  it("WEB-5: lists what the front page at that capture shows, with each link's address, and its neighbours", async () => {
    const db = database.db;
    const policy = makePolicies([], []).forOutlet(outletId);
    const captures = await db.execute<{ id: string; at: Date | string }>(sql`
      select id::text, at from frontpage_captures where outlet_id = ${outletId} and outcome = 'ok' order by at`);
    expect(captures.length).toBe(29);
    let retitled = 0;
    for (const [i, c] of captures.entries()) {
      const at = new Date(c.at).getTime();
      const cited = await loadCapture(db, { outletId, captureId: Number(c.id), policy });
      const shown = await linksAt(db, policy, outletId, at, at, false);
      const urls = new Map(
        (await db.execute<{ id: string; url: string }>(sql`select id::text, url from articles where outlet_id = ${outletId}`)).map((r) => [
          Number(r.id),
          r.url,
        ]),
      );
      expect(cited?.links).toEqual(
        shown.map((l) => ({
          articleId: l.articleId,
          rank: l.rank,
          url: urls.get(l.articleId),
          headline: l.headline,
          headlineWithheld: false,
        })),
      );
      expect(cited?.links.length).toBeGreaterThan(0);
      expect([cited?.previousId, cited?.nextId]).toEqual([
        i === 0 ? null : Number(captures[i - 1]!.id),
        i === captures.length - 1 ? null : Number(captures[i + 1]!.id),
      ]);
      retitled += cited!.links.filter((l) => l.headline.startsWith("Después")).length;
    }
    expect(retitled).toBeGreaterThan(0);
    expect(await loadCapture(db, { outletId: outletId + 1, captureId: Number(captures[0]!.id), policy })).toBeUndefined();
  });
});
