/** Outlet groups on real PostgreSQL: the counts /cabeceras lists, and the filter on search, home, comparison, day's leads and the API. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesDataset } from "../../../db/open-data/datasets/articles";
import { outletsDataset } from "../../../db/open-data/datasets/outlets";
import { loadApiContext, withGroup } from "../../../db/open-data/context";
import type { Database } from "../../../db/client";
import { loadDayLeads } from "../../../db/queries/front-pages/day-leads";
import { readHomePage } from "../../../db/queries/site/home-page";
import { loadOutletComparison } from "../../../db/queries/site/outlet-comparison";
import { loadGroupCounts, loadGroupMembers } from "../../../db/queries/site/outlet-groups";
import { searchHeadlines } from "../../../db/queries/site/search";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addFrontPages, addOutlet, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
const id: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const groups: Record<string, [string[], string]> = {
    estatal: [["nacional", "publica"], "es"],
    gallego: [["regional", "galicia"], "gl"],
    coruna: [["regional", "galicia"], "es"],
  };
  for (const [slug, [g, language]] of Object.entries(groups)) {
    id[slug] = await addOutlet(db, slug, `Diario ${slug}`);
    await db.execute(sql`update outlets set groups = ${`{${g.join(",")}}`}::text[], language = ${language} where id = ${id[slug]!}`);
    const article = await addArticle(db, {
      outletId: id[slug]!,
      path: `/incendio-${slug}`,
      firstSeenAt: NOW - 2 * HOUR,
      headlines: [[`Incendio forestal visto por ${slug}`, NOW - 2 * HOUR, NOW - HOUR]],
    });
    await addFrontPages(db, id[slug]!, [
      [NOW - 2 * HOUR, [article]],
      [NOW - HOUR, [article]],
    ]);
  }
});
afterAll(async () => {
  await database.close();
});

describe("outlet groups", () => {
  it("lists every group of the visible outlets, declared and derived, with its count, scopes first", async () => {
    expect(await loadGroupCounts(database.db, NO_POLICIES)).toEqual([
      { group: "nacional", label: "Nacionales", outlets: 1 },
      { group: "regional", label: "Regionales", outlets: 2 },
      { group: "publica", label: "Medios públicos", outlets: 1 },
      { group: "galicia", label: "Galicia", outlets: 2 },
      { group: "pais-es", label: "País: España", outlets: 3 },
      { group: "idioma-es", label: "En español", outlets: 2 },
      { group: "idioma-gl", label: "En gallego", outlets: 1 },
    ]);
  });

  it("a group resolves to its members; an unknown group to none", async () => {
    expect((await loadGroupMembers(database.db, NO_POLICIES, "galicia")).ids.sort()).toEqual([id.gallego, id.coruna].sort());
    expect((await loadGroupMembers(database.db, NO_POLICIES, "idioma-gl")).ids).toEqual([id.gallego]);
    expect((await loadGroupMembers(database.db, NO_POLICIES, "inexistente")).ids).toEqual([]);
  });

  it("WEB-1: search narrowed to a group finds only its members' headlines", async () => {
    const result = await searchHeadlines(database.db, NO_POLICIES, { q: "incendio", page: 1, group: "regional" });
    expect(result.hits.map((h) => h.outletSlug).sort()).toEqual(["coruna", "gallego"]);
    const none = await searchHeadlines(database.db, NO_POLICIES, { q: "incendio", page: 1, group: "inexistente" });
    expect(none.total).toBe(0);
  });

  it("WEB-1: the home page, the comparison and a day's leads show only the group's outlets", async () => {
    const members = await loadGroupMembers(database.db, NO_POLICIES, "nacional");
    const home = await readHomePage(database.db, NO_POLICIES, NOW, members.ids);
    expect(home.leads.map((l) => l.outletSlug)).toEqual(["estatal"]);
    const comparison = await loadOutletComparison(database.db, NO_POLICIES, NOW, members.ids);
    expect(comparison.rows.map((r) => r.slug)).toEqual(["estatal"]);
    const leads = await loadDayLeads(database.db, NO_POLICIES, [NOW - 2 * HOUR], members.ids);
    expect(leads.outlets.map((o) => o.slug)).toEqual(["estatal"]);
  });

  it("WEB-3: the API narrowed to a group lists only its outlets and their rows; an outlet of another group is a 404", async () => {
    const ctx = withGroup(await loadApiContext(database.db, NOW), "galicia");
    const outlets = await outletsDataset.page(ctx, { limit: 100 }, undefined, 100);
    expect(outlets.items.map((o) => [o.slug, o.groups])).toEqual([
      ["coruna", ["regional", "galicia", "pais-es", "idioma-es"]],
      ["gallego", ["regional", "galicia", "pais-es", "idioma-gl"]],
    ]);
    const articles = await articlesDataset.page(ctx, { limit: 100 }, undefined, 100);
    expect(articles.items.map((a) => a.outlet).sort()).toEqual(["coruna", "gallego"]);
    await expect(articlesDataset.page(ctx, { limit: 100, outlet: "estatal" }, undefined, 100)).rejects.toMatchObject({ status: 404 });
  });
});
