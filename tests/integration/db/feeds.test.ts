import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadOutletRewrites, loadStoryEvents } from "../../../db/queries/feeds";
import { atomXml } from "../../../lib/pages/atom";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addExclusion, addFrontPages, addOutlet, addStory, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "entry" });
let database: Database;
let norte: number;
let story: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  story = await addStory(db, ["pleno", "presupuestos"], NOW - 6 * HOUR, NOW);
  norte = await addOutlet(db, "norte", "El Norte");
  const sur = await addOutlet(db, "sur", "El Sur");
  const oculto = await addOutlet(db, "oculto", "El Oculto");
  await addExclusion(db, oculto, "total", NOW - 10 * HOUR);
  ids.n1 = await addArticle(db, {
    outletId: norte,
    path: "/n1",
    firstSeenAt: NOW - 6 * HOUR,
    storyId: story,
    headlines: [
      ["El pleno aprueba", NOW - 6 * HOUR, NOW - 4 * HOUR],
      ["El pleno aprueba los presupuestos", NOW - 4 * HOUR, NOW - 2 * HOUR],
      ["Aprobados los presupuestos", NOW - 2 * HOUR, NOW],
    ],
  });
  ids.n2 = await addArticle(db, {
    outletId: norte,
    path: "/n2",
    firstSeenAt: NOW - 5 * HOUR,
    headlines: [["Sin cambios", NOW - 5 * HOUR, NOW]],
  });
  ids.s1 = await addArticle(db, {
    outletId: sur,
    path: "/s1",
    firstSeenAt: NOW - 3 * HOUR,
    storyId: story,
    firstSeenIn: "frontpage",
    headlines: [["El Sur cuenta el pleno", NOW - 3 * HOUR, NOW]],
  });
  await addFrontPages(db, sur, [[NOW - 3 * HOUR, [ids.s1]]]);
  ids.o1 = await addArticle(db, {
    outletId: oculto,
    path: "/o1",
    firstSeenAt: NOW - 3 * HOUR,
    storyId: story,
    headlines: [["Oculto", NOW - 3 * HOUR, NOW]],
  });
});
afterAll(async () => {
  await database.close();
});

describe("what the Atom feeds list", () => {
  it("WEB-6: an outlet's feed lists its headline rewrites, newest first, each with the headline it replaced", async () => {
    const events = await loadOutletRewrites(database.db, norte, NO_POLICIES.forOutlet(norte), NOW);
    expect(events.map((e) => [e.headline, e.before])).toEqual([
      ["Aprobados los presupuestos", "El pleno aprueba los presupuestos"],
      ["El pleno aprueba los presupuestos", "El pleno aprueba"],
    ]);
    const again = await loadOutletRewrites(database.db, norte, NO_POLICIES.forOutlet(norte), NOW + HOUR);
    expect(again.map((e) => e.key)).toEqual(events.map((e) => e.key));
    const { feed } = parser.parse(
      atomXml(
        "https://obs.example",
        {
          key: "cabeceras/norte/cambios",
          title: "t",
          path: "/cabeceras/norte/cambios.atom",
          pagePath: "/cabeceras/norte",
          entries: events.map((e) => ({
            key: e.key,
            title: e.headline,
            updated: e.at,
            href: `/noticias/${e.articleId}`,
            summary: `Antes: «${e.before}»`,
          })),
        },
        NOW,
      ),
    );
    expect(feed.entry.map((e: { title: { "#text": string } }) => e.title["#text"])).toEqual(events.map((e) => e.headline));
  });

  it("WEB-6: a story's feed lists new outlets, rewrites and front-page arrivals, never an outlet under a total exclusion (PUB-6)", async () => {
    const events = await loadStoryEvents(database.db, await loadPolicies(database.db), story);
    expect(events.map((e) => [e.kind, e.outletName, e.headline])).toEqual([
      ["rewrite", "El Norte", "Aprobados los presupuestos"],
      ["outlet", "El Sur", "El Sur cuenta el pleno"],
      ["front-page", "El Sur", "El Sur cuenta el pleno"],
      ["rewrite", "El Norte", "El pleno aprueba los presupuestos"],
      ["outlet", "El Norte", "El pleno aprueba"],
    ]);
    expect(new Set(events.map((e) => e.key)).size).toBe(events.length);
  });
});
