import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadAgencyShare } from "../../../db/queries/outlet-page/agency-share";
import { loadSectionMix, NO_SECTION } from "../../../db/queries/outlet-page/mix";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let outletId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  outletId = await addOutlet(db, "nueva", "Diario Nuevo");
  const add = (path: string, section: string | undefined, readOutcome: string | undefined) =>
    addArticle(db, { outletId, path, firstSeenAt: NOW - HOUR, section, readOutcome, headlines: [[path, NOW - HOUR, NOW - HOUR]] });
  await add("/leida", "Política", "open");
  await add("/sin-seccion", undefined, "open");
  await add("/del-feed", "Deportes", undefined);
  await add("/pendiente-1", undefined, undefined);
  await add("/pendiente-2", undefined, undefined);
});
afterAll(async () => {
  await database.close();
});

describe("outlet page figures early in a crawl", () => {
  it("WEB-7: 'Sin sección declarada' counts only articles we read and found without one; unread ones are counted apart", async () => {
    const mix = await loadSectionMix(database.db, outletId, { start: NOW - 7 * 86_400_000, end: NOW });
    expect(mix.sections).toEqual([
      { label: "Deportes", count: 1 },
      { label: "Política", count: 1 },
      { label: NO_SECTION, count: 1 },
    ]);
    expect({ articles: mix.articles, unread: mix.unread }).toEqual({ articles: 3, unread: 2 });
  });
});

describe("agency share of an outlet", () => {
  it("DER-3, WEB-7: the share counts only articles we could judge: pages reserving text mining or behind a paywall are not in its denominator", async () => {
    const { db } = database;
    const id = await addOutlet(db, "reservas", "Diario Reservado");
    const add = (path: string, readOutcome: string | undefined, agency?: string) =>
      addArticle(db, { outletId: id, path, firstSeenAt: NOW - HOUR, readOutcome, agency, headlines: [[path, NOW - HOUR, NOW - HOUR]] });
    await add("/efe", "open", "EFE");
    await add("/propia", "open");
    await add("/reservada", "reserved");
    await add("/de-pago", "paywalled");
    await add("/sin-leer", undefined);
    const share = await loadAgencyShare(db, id, { start: NOW - 7 * 86_400_000, end: NOW });
    expect(share).toMatchObject({ articles: 5, judged: 2, agencyArticles: 1, analysed: true });
  });
});
