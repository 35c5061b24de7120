import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { readHomePage } from "../../../db/queries/site/home-page";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addFrontPages, addOutlet, addStory, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const outlets = [];
  for (const slug of ["a", "b", "c", "d"]) outlets.push(await addOutlet(db, slug, `Diario ${slug.toUpperCase()}`));
  // The clustering split one news item into three stories (the same key terms, in any
  // order), told by 3, 2 and 2 outlets; another story is told by 2.
  ids.big = await addStory(db, ["incendio", "valencia", "evacuados"], NOW - 6 * HOUR, NOW - HOUR);
  ids.split1 = await addStory(db, ["valencia", "incendio", "evacuados"], NOW - 5 * HOUR, NOW - HOUR);
  ids.split2 = await addStory(db, ["evacuados", "incendio", "valencia"], NOW - 4 * HOUR, NOW - HOUR);
  ids.other = await addStory(db, ["presupuestos", "congreso"], NOW - 3 * HOUR, NOW - HOUR);
  // "a" led by the same article since our first capture; "b" changed its lead after it.
  const leads = [];
  for (const [i, path] of ["/lead-a", "/lead-b1", "/lead-b2"].entries()) {
    leads.push(
      await addArticle(db, {
        outletId: outlets[i === 0 ? 0 : 1]!,
        path,
        firstSeenAt: NOW - 3 * HOUR,
        headlines: [[`Apertura ${i}`, NOW - 3 * HOUR, NOW]],
      }),
    );
  }
  await addFrontPages(db, outlets[0]!, [
    [NOW - 3 * HOUR, [leads[0]!]],
    [NOW - HOUR, [leads[0]!]],
  ]);
  await addFrontPages(db, outlets[1]!, [
    [NOW - 3 * HOUR, [leads[1]!]],
    [NOW - 2 * HOUR, [leads[2]!, leads[1]!]],
    [NOW - HOUR, [leads[2]!, leads[1]!]],
  ]);
  const members: [number, number[]][] = [
    [ids.big, [0, 1, 2]],
    [ids.split1, [2, 3]],
    [ids.split2, [0, 3]],
    [ids.other, [1, 2]],
  ];
  let n = 0;
  for (const [storyId, on] of members) {
    for (const i of on) {
      n += 1;
      await addArticle(db, {
        outletId: outlets[i]!,
        path: `/s${n}`,
        storyId,
        firstSeenAt: NOW - 5 * HOUR,
        headlines: [[`Titular ${n}`, NOW - 5 * HOUR, NOW - HOUR]],
      });
    }
  }
});
afterAll(async () => {
  await database.close();
});

describe("home: the stories told by most outlets", () => {
  it("WEB-1, WEB-7: shows each story once, even when it was grouped into several clusters with the same key terms", async () => {
    const home = await readHomePage(database.db, NO_POLICIES, NOW);
    expect(home.stories.map((s) => [s.id, s.outlets])).toEqual([
      [ids.big, 3],
      [ids.other, 2],
    ]);
  });
});

describe("home: what leads each front page now", () => {
  it("WEB-7: a lead already there at our first capture has led 'at least' since then; one that took the lead later, since then", async () => {
    const home = await readHomePage(database.db, NO_POLICIES, NOW);
    expect(home.leads.find((l) => l.outletSlug === "a")?.lead).toMatchObject({ since: NOW - 3 * HOUR, sinceFirstCapture: true });
    expect(home.leads.find((l) => l.outletSlug === "b")?.lead).toMatchObject({ since: NOW - 2 * HOUR, sinceFirstCapture: false });
  });
});
