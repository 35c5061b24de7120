import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadOutletPage } from "../../../db/queries/outlet-page/outlet-page";
import { loadPolicies } from "../../../db/policies-in-force";
import { makePolicies, NO_POLICIES, WITHHELD_HEADLINE, type Scope } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import {
  addArticle,
  addCaptures,
  addExclusion,
  addFillers,
  addFraming,
  addFrontPages,
  addOutlet,
  addProbes,
  addReply,
  addRobots,
  addSignal,
  HOUR,
  MINUTE,
} from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let outletId: number;
let a1: number;
let a2: number;
/** The two links above a1 at the first capture. */
let above: number[];

const only = (scope: Scope) => makePolicies([{ outletId, scope }], []);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  outletId = await addOutlet(db, "uno", "Diario Uno");
  a1 = await addArticle(db, {
    outletId,
    path: "/a1",
    firstSeenAt: NOW - 10 * HOUR,
    publishedAt: NOW - 10 * HOUR - 30 * MINUTE,
    section: "Política",
    readOutcome: "open",
    headlines: [
      ["Primer titular", NOW - 10 * HOUR, NOW - 6 * HOUR],
      ["Segundo titular corregido", NOW - 6 * HOUR, NOW - HOUR],
    ],
  });
  a2 = await addArticle(db, {
    outletId,
    path: "/a2",
    firstSeenAt: NOW - 5 * HOUR,
    publishedAt: NOW - 5 * HOUR - 5 * MINUTE,
    section: "Economía",
    agency: "EFE",
    readOutcome: "blocked",
    firstSeenIn: "sitemap",
    headlines: [["Otra noticia", NOW - 5 * HOUR, NOW - HOUR]],
  });
  await addArticle(db, {
    outletId,
    path: "/vieja",
    firstSeenAt: NOW - 9 * 24 * HOUR,
    section: "Viejo",
    headlines: [["Vieja", NOW - 9 * 24 * HOUR, NOW - 9 * 24 * HOUR]],
  });
  // a1 third under two other links, then the lead; a2 second under it from 5 hours ago.
  // The fillers were first seen long before the 7-day window, so only the front-page figures see them.
  above = await addFillers(db, outletId, 2, NOW - 20 * 24 * HOUR);
  await addFrontPages(db, outletId, [
    [NOW - 10 * HOUR, [...above, a1]],
    [NOW - 8 * HOUR, [a1]],
    [NOW - 5 * HOUR, [a1, a2]],
    [NOW - 2 * HOUR, [a1, a2]],
    [NOW - HOUR, [a1, a2]],
  ]);
  await addCaptures(db, outletId, [
    [NOW - 30 * MINUTE, "timeout"],
    [NOW - 20 * MINUTE, "blocked"],
    [NOW - 15 * MINUTE, "blocked"],
    [NOW - 10 * MINUTE, "blocked"],
    [NOW - 8 * 24 * HOUR, "blocked"],
  ]);
  await db.execute(sql`update sources set closed_since = ${new Date(NOW - 20 * MINUTE).toISOString()}, last_failure_at = ${new Date(NOW - 10 * MINUTE).toISOString()}
    where outlet_id = ${outletId} and kind = 'frontpage'`);
  await addProbes(db, outletId, "uno", [
    [NOW - 3 * HOUR, false],
    [NOW - 2 * HOUR, true],
    [NOW - HOUR, false],
    [NOW - 10 * 24 * HOUR, true],
  ]);
  await addFraming(db, "Segundo titular corregido", "B", 0.8, NOW - HOUR);
  await addSignal(db, outletId, "tdm-reservation", "header", "1", NOW - 2 * HOUR);
  await addRobots(
    db,
    "https://www.uno.test",
    "uno.test",
    "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n",
    NOW - 3 * HOUR,
  );
  await addReply(db, outletId, "<b>Nuestra réplica</b>\ncon dos líneas", NOW - 48 * HOUR, NOW - 24 * HOUR);
  await addReply(db, outletId, "Sin publicar", NOW - 2 * HOUR, null);
});
afterAll(async () => {
  await database.close();
});

describe("outlet page read model", () => {
  it("WEB-1: the front page now is the spans open at the latest successful capture, by rank, with since when", async () => {
    const page = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!;
    expect(page.outlet).toMatchObject({ slug: "uno", name: "Diario Uno" });
    expect(page.frontPage).toEqual({
      capturedAt: NOW - HOUR,
      items: [
        { articleId: a1, rank: 1, headline: "Segundo titular corregido", rankSince: NOW - 8 * HOUR, onFrontPageSince: null },
        { articleId: a2, rank: 2, headline: "Otra noticia", rankSince: NOW - 5 * HOUR, onFrontPageSince: null },
      ],
    });
  });

  it("WEB-2: position timelines of the last 24 h draw the best-ranked stories with all their spans", async () => {
    const page = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!;
    expect(page.timelines).toEqual({
      start: NOW - 24 * HOUR,
      end: NOW,
      series: [
        {
          articleId: a1,
          headline: "Segundo titular corregido",
          bestRank: 1,
          spans: [
            { fromAt: NOW - 10 * HOUR, toAt: NOW - 8 * HOUR, rank: 3 },
            { fromAt: NOW - 8 * HOUR, toAt: NOW - HOUR, rank: 1 },
          ],
        },
        // Seen in one capture only: best rank 1 but no time, so after a1.
        { articleId: above[0], headline: "Relleno 1", bestRank: 1, spans: [{ fromAt: NOW - 10 * HOUR, toAt: NOW - 10 * HOUR, rank: 1 }] },
        { articleId: a2, headline: "Otra noticia", bestRank: 2, spans: [{ fromAt: NOW - 5 * HOUR, toAt: NOW - HOUR, rank: 2 }] },
        { articleId: above[1], headline: "Relleno 2", bestRank: 2, spans: [{ fromAt: NOW - 10 * HOUR, toAt: NOW - 10 * HOUR, rank: 2 }] },
      ],
    });
  });

  it("DER-7: time on the front page, best rank and time as lead story over 7 days", async () => {
    const t = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!.frontPageTime!;
    // a1 9 h (third, then the lead from 8 hours ago), a2 4 h, the two links above a1 seen once: 0.
    expect(t).toMatchObject({ articles: 4, medianMs: 2 * HOUR, leadMs: 7 * HOUR });
    expect(t.longest).toEqual([
      { articleId: a1, headline: "Segundo titular corregido", bestRank: 1, onFrontPageMs: 9 * HOUR, asLeadMs: 7 * HOUR },
      { articleId: a2, headline: "Otra noticia", bestRank: 2, onFrontPageMs: 4 * HOUR, asLeadMs: 0 },
      { articleId: above[0], headline: "Relleno 1", bestRank: 1, onFrontPageMs: 0, asLeadMs: 0 },
      { articleId: above[1], headline: "Relleno 2", bestRank: 2, onFrontPageMs: 0, asLeadMs: 0 },
    ]);
  });

  it("DER-7: link half-life: half of the links that entered the front page (7 to 1 days ago) had left it this long after they appeared", async () => {
    const { db } = database;
    const dos = await addOutlet(db, "dos", "Diario Dos");
    const T0 = NOW - 3 * 24 * HOUR;
    const links = await addFillers(db, dos, 12, T0);
    await db.execute(sql`update articles set first_seen_frontpage_at = ${new Date(T0).toISOString()} where outlet_id = ${dos}`);
    // Link i (1…12) is on the page at captures 0…i-1, an hour apart: it stays i-1 hours.
    await addFrontPages(
      db,
      dos,
      Array.from({ length: 13 }, (_, h): [number, number[]] => [T0 + h * HOUR, links.slice(h)]),
    );
    const t = (await loadOutletPage(db, NO_POLICIES, { slug: "dos", now: NOW }))!.frontPageTime!;
    expect(t).toMatchObject({ halfLifeLinks: 12, halfLifeMs: 5.5 * HOUR });
    // Too few links entered "uno"'s front page in that stretch for a half-life.
    const uno = (await loadOutletPage(db, NO_POLICIES, { slug: "uno", now: NOW }))!.frontPageTime!;
    expect(uno).toMatchObject({ halfLifeMs: null, halfLifeLinks: 0 });
  });

  it("WEB-1: headline changes over 7 days are counted, the latest shown with the headline they replaced", async () => {
    const c = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!.headlineChanges;
    expect(c).toMatchObject({ changes: 1, changedArticles: 1, articlesSeen: 2, withheld: false });
    expect(c.latest).toEqual([{ articleId: a1, at: NOW - 6 * HOUR, before: "Primer titular", after: "Segundo titular corregido" }]);
  });

  it("WEB-5: with a period, every figure of the past covers it, clipped to now, and the front page now stays as of now", async () => {
    const page = (await loadOutletPage(database.db, NO_POLICIES, {
      slug: "uno",
      now: NOW,
      period: { start: NOW - 11 * HOUR, end: NOW + 13 * HOUR },
    }))!;
    expect(page.period).toEqual({ start: NOW - 11 * HOUR, end: NOW });
    for (const figure of [page.timelines!, page.frontPageTime!, page.headlineChanges, page.delay, page.sections, page.agency]) {
      expect({ start: figure.start, end: figure.end }).toEqual({ start: NOW - 11 * HOUR, end: NOW });
    }
    expect({ start: page.silences.start, end: page.silences.end }).toEqual({ start: NOW - 11 * HOUR, end: NOW });
    expect(page.frontPage!.capturedAt).toBe(NOW - HOUR);
    // Only a2 entered the front page more than a day before the end of a 11-hour period: none.
    expect(page.frontPageTime).toMatchObject({ articles: 4, halfLifeLinks: 0 });
  });

  it("WEB-5: a period in the past shows only what was recorded in it", async () => {
    const period = { start: NOW - 9 * 24 * HOUR - HOUR, end: NOW - 8 * 24 * HOUR };
    const page = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW, period }))!;
    expect(page.sections.sections).toEqual([{ label: "Viejo", count: 1 }]);
    expect(page.delay.articles).toBe(1);
    expect(page.headlineChanges).toMatchObject({ changes: 0, articlesSeen: 1 });
    expect(page.timelines!.series).toEqual([]);
    expect(page.frontPageTime).toMatchObject({ articles: 0, longest: [] });
    expect(page.agency).toMatchObject({ articles: 1, agencyArticles: 0 });
    expect({ start: page.silences.start, end: page.silences.end }).toEqual(period);
  });

  it("DER-11, WEB-5: a long period's silences are judged over its last 31 days, and say so", async () => {
    const page = (await loadOutletPage(database.db, NO_POLICIES, {
      slug: "uno",
      now: NOW,
      period: { start: NOW - 200 * 24 * HOUR, end: NOW },
    }))!;
    expect({ start: page.silences.start, end: page.silences.end }).toEqual({ start: NOW - 31 * 24 * HOUR, end: NOW });
  });

  it("DER-8: publication delay declared → first seen, as a distribution with its median, and where each was first seen", async () => {
    const d = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!.delay;
    expect(d).toMatchObject({ articles: 2, declared: 2, medianMs: 17.5 * MINUTE, firstSeenIn: { feed: 1, sitemap: 1, frontpage: 0 } });
    expect(d.bins.filter((b) => b.count > 0)).toEqual([
      { label: "Menos de 15 min", count: 1 },
      { label: "15 min – 1 h", count: 1 },
    ]);
  });

  it("WEB-1: section mix, agency share and framing cover the articles first seen in the last 7 days", async () => {
    const page = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!;
    expect(page.sections.sections).toEqual([
      { label: "Economía", count: 1 },
      { label: "Política", count: 1 },
    ]);
    expect(page.agency).toMatchObject({ articles: 2, analysed: true, agencyArticles: 1, agencies: [{ label: "EFE", count: 1 }] });
    expect(page.framing).toMatchObject({ shown: true, headlines: 1, letters: [{ label: "B", count: 1 }], modelSha256: ["ab".repeat(32)] });
  });

  it("BLK-2, BLK-7: status shows the closed front page, the probe share and the 'sin posición' and 'sin cuerpo' states", async () => {
    const s = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!.status;
    expect(s.frontPage).toEqual({
      closedSince: NOW - 20 * MINUTE,
      probes: { total: 3, answered: 1 },
      captures: { attempts: 9, failures: 4 },
      withoutPosition: true,
    });
    expect(s.reads).toEqual({ attempts: 2, failures: 1 });
    expect(s.withoutBody).toBe(true);
    expect(s.sources.map((x) => x.kind)).toEqual(["feed", "sitemap", "frontpage"]);
  });

  it("SIG-1, SIG-4, ROB-4: the robots.txt in force with its content signals, and the recorded signals", async () => {
    const { signals } = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!;
    expect(signals.robots).toEqual([
      expect.objectContaining({
        host: "https://www.uno.test",
        access: "parse",
        lastFetchedAt: NOW - 3 * HOUR,
        contentSignals: [expect.objectContaining({ field: "content-signal", value: "search=yes, ai-train=no" })],
      }),
    ]);
    expect(signals.signals).toEqual([expect.objectContaining({ kind: "tdm-reservation", scope: "header", value: "1" })]);
  });

  it("PUB-4: only published replies are shown, with their text exactly as sent", async () => {
    const { replies } = (await loadOutletPage(database.db, NO_POLICIES, { slug: "uno", now: NOW }))!;
    expect(replies.map((r) => r.text)).toEqual(["<b>Nuestra réplica</b>\ncon dos líneas"]);
  });

  it("WEB-1: an unknown or inactive outlet has no page", async () => {
    expect(await loadOutletPage(database.db, NO_POLICIES, { slug: "nadie", now: NOW })).toBeUndefined();
    await addOutlet(database.db, "inactivo");
    await database.db.execute(sql`update outlets set active = false where slug = 'inactivo'`);
    expect(await loadOutletPage(database.db, NO_POLICIES, { slug: "inactivo", now: NOW })).toBeUndefined();
  });
});

describe("outlet page under the publishers' requests (PUB-6)", () => {
  it("PUB-6: 'total' makes the outlet page a 404, also through the policies loaded from the database", async () => {
    expect(await loadOutletPage(database.db, only("total"), { slug: "uno", now: NOW })).toBeUndefined();
    const other = await addOutlet(database.db, "excluido");
    await addExclusion(database.db, other, "total", NOW - HOUR);
    expect(await loadOutletPage(database.db, await loadPolicies(database.db), { slug: "excluido", now: NOW })).toBeUndefined();
    expect(await loadOutletPage(database.db, await loadPolicies(database.db), { slug: "uno", now: NOW })).toBeDefined();
  });

  it("PUB-6: 'sin titulares literales' replaces every headline: front page, timelines, changes, longest stays", async () => {
    const page = (await loadOutletPage(database.db, only("sin-titulares-literales"), { slug: "uno", now: NOW }))!;
    const texts = [
      ...page.frontPage!.items.map((i) => i.headline),
      ...page.timelines!.series.map((s) => s.headline),
      ...page.headlineChanges.latest.flatMap((c) => [c.before, c.after]),
      ...page.frontPageTime!.longest.map((l) => l.headline),
    ];
    expect(texts.length).toBeGreaterThan(5);
    expect(new Set(texts)).toEqual(new Set([WITHHELD_HEADLINE]));
    expect(page.headlineChanges.withheld).toBe(true);
    expect(JSON.stringify(page)).not.toMatch(/titular corregido|Otra noticia|Primer titular/);
  });

  it("PUB-6: 'sin posición' shows no front page, no ranks and no front-page status", async () => {
    const page = (await loadOutletPage(database.db, only("sin-posicion"), { slug: "uno", now: NOW }))!;
    expect(page).toMatchObject({ frontPage: null, timelines: null, frontPageTime: null });
    expect(page.status.frontPage).toBeNull();
    expect(page.status.sources.map((s) => s.kind)).not.toContain("frontpage");
    expect(JSON.stringify(page)).not.toMatch(/"rank"/);
  });

  it("PUB-6: 'sin anotación de modelo' shows no framing", async () => {
    const page = (await loadOutletPage(database.db, only("sin-anotacion-de-modelo"), { slug: "uno", now: NOW }))!;
    expect(page.framing).toEqual({ shown: false });
    expect(page.frontPage!.items).toHaveLength(2);
  });

  it("WEB-4: agency and framing say 'no data yet' rather than zero when the analysis has not run", async () => {
    const fresh = await addOutlet(database.db, "nuevo");
    await addArticle(database.db, {
      outletId: fresh,
      path: "/x",
      firstSeenAt: NOW - HOUR,
      headlines: [["Sin analizar", NOW - HOUR, NOW - HOUR]],
    });
    const page = (await loadOutletPage(database.db, NO_POLICIES, { slug: "nuevo", now: NOW }))!;
    expect(page.agency).toMatchObject({ articles: 1, analysed: false });
    expect(page.framing).toMatchObject({ shown: true, headlines: 0, letters: [] });
    expect(page.frontPage).toEqual({ capturedAt: null, items: [] });
    expect(page.status.frontPage).toMatchObject({ withoutPosition: false, captures: { attempts: 0, failures: 0 } });
  });
});
