/** An outlet page's charts as standalone SVG (SPEC WEB-6), from the database, parsed with a real XML parser. */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { makePolicies, NO_POLICIES } from "../../../lib/policy";
import { outletChartDocument } from "../../../app/_lib/pages/outlet-chart-document";
import { articleChartDocument, storyChartDocument } from "../../../app/_lib/pages/record-chart-document";
import { parseOutletPeriod } from "../../../lib/pages/outlet-period";
import { SOURCE_LINE } from "../../../lib/pages/standalone-svg";
import { createTestDatabase } from "../../support/database";
import { addArticle, addFrontPages, addOutlet, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-03-09T12:00:00Z");
const SITE = "https://hemeroscopio.test";
let database: Database;
let outletId: number;
let articleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  outletId = await addOutlet(database.db, "uno", "Diario Uno");
  const a = (articleId = await addArticle(database.db, {
    outletId,
    path: "/a",
    firstSeenAt: NOW - 5 * HOUR,
    publishedAt: NOW - 5 * HOUR - 10 * MINUTE,
    section: "Política",
    headlines: [["Abre el día", NOW - 5 * HOUR, NOW - HOUR]],
  }));
  await addFrontPages(database.db, outletId, [
    [NOW - 4 * HOUR, [a]],
    [NOW - 2 * HOUR, [a]],
  ]);
  // Published after we started reading the outlet, so its delay counts (the start-up rule).
  await addArticle(database.db, {
    outletId,
    path: "/b",
    firstSeenAt: NOW - 3 * HOUR,
    publishedAt: NOW - 3 * HOUR - 5 * MINUTE,
    section: "Economía",
    headlines: [["Otra", NOW - 3 * HOUR, NOW - HOUR]],
  });
});
afterAll(async () => {
  await database.close();
});

const parser = new XMLParser({ ignoreAttributes: false });

describe("outlet chart permalinks (WEB-6)", () => {
  it("WEB-6: the positions chart of a chosen period is an SVG with its title, the period's days and the source line", async () => {
    const period = parseOutletPeriod({ desde: "2026-03-03", hasta: "2026-03-09" });
    const doc = await outletChartDocument(database.db, NO_POLICIES, {
      slug: "uno",
      query: { kind: "posiciones", period: period.ok ? period.value : undefined },
      now: NOW,
      siteUrl: SITE,
    });
    if (!("svg" in doc)) throw new Error(`no chart: ${doc.missing}`);
    expect(XMLValidator.validate(doc.svg)).toBe(true);
    const svg = (parser.parse(doc.svg) as { svg: { title: string } }).svg;
    expect(svg.title).toBe(
      `Posición en la portada de Diario Uno de sus 1 noticias mejor colocadas, del 3 al 9 de marzo de 2026. ${SOURCE_LINE}`,
    );
    expect(doc.svg).toContain("1. Abre el día");
    expect(doc.svg).toContain(`${SITE}/cabeceras/uno?desde=2026-03-03&amp;hasta=2026-03-09`);
  });

  it("WEB-6: bar charts use the page's default window without a period", async () => {
    for (const kind of ["retraso", "secciones"] as const) {
      const doc = await outletChartDocument(database.db, NO_POLICIES, { slug: "uno", query: { kind }, now: NOW, siteUrl: SITE });
      if (!("svg" in doc)) throw new Error(`no ${kind} chart: ${doc.missing}`);
      expect(XMLValidator.validate(doc.svg), kind).toBe(true);
      expect(doc.svg).toContain(SOURCE_LINE);
    }
  });

  it("WEB-6, PUB-6: a withheld, empty or unknown chart has no document", async () => {
    const hidden = makePolicies([{ outletId, scope: "sin-posicion" }], []);
    expect(await outletChartDocument(database.db, hidden, { slug: "uno", query: { kind: "posiciones" }, now: NOW, siteUrl: SITE })).toEqual(
      { missing: "withheld" },
    );
    expect(
      await outletChartDocument(database.db, NO_POLICIES, { slug: "uno", query: { kind: "encuadre" }, now: NOW, siteUrl: SITE }),
    ).toEqual({ missing: "empty" });
    expect(
      await outletChartDocument(database.db, NO_POLICIES, { slug: "nadie", query: { kind: "retraso" }, now: NOW, siteUrl: SITE }),
    ).toEqual({ missing: "outlet" });
  });

  it("WEB-6: an article's rank chart is an SVG too; an unknown story has none", async () => {
    const svg = await articleChartDocument(database.db, NO_POLICIES, { id: articleId, siteUrl: SITE });
    expect(XMLValidator.validate(svg!)).toBe(true);
    expect((parser.parse(svg!) as { svg: { title: string } }).svg.title).toMatch(
      /^Posición de la noticia en la portada de Diario Uno, del .+\. Fuente: Hemeroscopio, CC BY 4\.0$/,
    );
    expect(svg).toContain(`${SITE}/noticias/${articleId}`);
    expect(await storyChartDocument(database.db, NO_POLICIES, { id: 999_999, siteUrl: SITE })).toBeUndefined();
  });
});
