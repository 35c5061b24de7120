import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { frontPageAt } from "../../../db/figures/api/front-pages";
import { loadFrontPageNow } from "../../../db/figures/outlet-page/front";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addFrontPages, addOutlet, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let outletId: number;
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  outletId = await addOutlet(db, "movida", "Diario Movido");
  ids = [];
  for (let i = 0; i < 6; i++) {
    ids.push(
      await addArticle(db, { outletId, path: `/n${i}`, firstSeenAt: NOW - 5 * HOUR, headlines: [[`Noticia ${i}`, NOW - 5 * HOUR, NOW]] }),
    );
  }
  const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
  // A crawl as readers see it after a while: newcomers enter above (pushing the others down
  // without ending their spans), an article is promoted, another demoted, one leaves.
  await addFrontPages(db, outletId, [
    [NOW - 4 * HOUR, [a, b, c]],
    [NOW - 3 * HOUR, [d, a, b, c]],
    [NOW - 2 * HOUR, [c, d, a, b]],
    [NOW - HOUR, [e, c, d, b, a]],
    [NOW - 15 * MINUTE, [f, e, c, d, b, a]],
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("the outlet's front page now", () => {
  it("WEB-7: lists each article once, at the rank it holds at the latest capture, no rank twice", async () => {
    const now = await loadFrontPageNow(database.db, outletId, NO_POLICIES.forOutlet(outletId));
    const expected = await frontPageAt(database.db, outletId, NOW);
    expect(now.capturedAt).toBe(NOW - 15 * MINUTE);
    expect(now.items.map((i) => [i.articleId, i.rank])).toEqual(expected.map((r) => [r.articleId, r.rank]));
    expect(new Set(now.items.map((i) => i.rank)).size).toBe(now.items.length);
    expect(new Set(now.items.map((i) => i.articleId)).size).toBe(now.items.length);
  });

  it("WEB-7: each link holds its rank since the capture that first saw it there", async () => {
    const now = await loadFrontPageNow(database.db, outletId, NO_POLICIES.forOutlet(outletId));
    const [e, c] = [ids[4], ids[2]];
    // e entered at the top an hour ago and was pushed to 2 by f at the latest capture.
    expect(now.items.find((i) => i.articleId === e)).toMatchObject({ rank: 2, rankSince: NOW - 15 * MINUTE });
    // c was promoted to the lead two hours ago, second an hour ago, third now.
    expect(now.items.find((i) => i.articleId === c)).toMatchObject({ rank: 3, rankSince: NOW - 15 * MINUTE });
    expect(now.items[0]).toMatchObject({ articleId: ids[5], rank: 1, rankSince: NOW - 15 * MINUTE });
  });
});
