import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadOutletPage } from "../../../db/queries/outlet-page/outlet-page";
import { readStatusPage } from "../../../db/queries/site/status-page";
import { sourceStateLabel } from "../../../lib/pages/collection-status";
import { NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addCaptures, addFrontPages, addOutlet, addProbes, addRobots, HOUR, MINUTE } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // "leido": robots.txt read and obeyed on its front-page host, a dead feed, reads that
  // failed and one robots.txt kept us from. "cerrado": front page closed and probed, robots
  // not readable, a sitemap paused until later and one whose pause is over.
  const leido = await addOutlet(db, "leido", "Diario Leído");
  const cerrado = await addOutlet(db, "cerrado", "Diario Cerrado");
  await addRobots(db, "https://www.leido.test", "leido.test", "User-agent: *\nAllow: /\n", NOW - 2 * HOUR);
  await db.execute(sql`insert into sites (domain) values ('cerrado.test') on conflict do nothing`);
  await db.execute(
    sql`insert into hosts (host, site_domain, robots_access, robots_fetched_at) values ('https://www.cerrado.test', 'cerrado.test', 'disallow-all', ${iso(NOW - HOUR)})`,
  );
  await db.execute(sql`update sources set dead = true, last_failure_at = ${iso(NOW - HOUR)} where outlet_id = ${leido} and kind = 'feed'`);
  await db.execute(
    sql`update sources set closed_since = ${iso(NOW - 3 * HOUR)}, last_failure_at = ${iso(NOW - 3 * HOUR)} where outlet_id = ${cerrado} and kind = 'frontpage'`,
  );
  await db.execute(sql`update sources set paused_until = ${iso(NOW + HOUR)}, last_success_at = ${iso(NOW - 5 * HOUR)}, last_failure_at = ${iso(NOW - 10 * MINUTE)}
    where outlet_id = ${cerrado} and kind = 'sitemap'`);
  await db.execute(sql`update sources set paused_until = ${iso(NOW - HOUR)}, last_success_at = ${iso(NOW - 2 * HOUR)}, last_failure_at = ${iso(NOW - 3 * HOUR)}
    where outlet_id = ${cerrado} and kind = 'feed'`);
  const outcomes = ["open", "blocked", "robots-disallowed", "timeout", "paywalled"];
  for (const [i, outcome] of outcomes.entries()) {
    await addArticle(db, {
      outletId: leido,
      path: `/l${i}`,
      firstSeenAt: NOW - (i + 1) * HOUR,
      readOutcome: outcome,
      headlines: [[`Leído ${i}`, NOW - (i + 1) * HOUR, NOW - HOUR]],
    });
  }
  // Read long ago although first seen within the week: both pages count it by discovery.
  const late = await addArticle(db, {
    outletId: cerrado,
    path: "/c",
    firstSeenAt: NOW - 8 * 24 * HOUR,
    readOutcome: "open",
    headlines: [["Vieja", NOW - 8 * 24 * HOUR, NOW - 8 * 24 * HOUR]],
  });
  await db.execute(sql`update articles set read_at = ${iso(NOW - 2 * HOUR)} where id = ${late}`);
  const a = await addArticle(db, {
    outletId: leido,
    path: "/p",
    firstSeenAt: NOW - 3 * HOUR,
    headlines: [["En portada", NOW - 3 * HOUR, NOW]],
  });
  await addFrontPages(db, leido, [
    [NOW - 2 * HOUR, [a]],
    [NOW - HOUR, [a]],
  ]);
  await addCaptures(db, leido, [[NOW - 30 * MINUTE, "timeout"]]);
  await addCaptures(db, cerrado, [
    [NOW - 3 * HOUR, "blocked"],
    [NOW - 2 * HOUR, "blocked"],
  ]);
  await addProbes(db, cerrado, "cerrado", [
    [NOW - 2 * HOUR, false],
    [NOW - HOUR, true],
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("a status shown on Estado and on the outlet page", () => {
  it("WEB-7, ROB-4: robots.txt read on the front-page host is shown as read, with the same check time, on both pages", async () => {
    const status = await readStatusPage(database.db, NO_POLICIES, NOW);
    for (const slug of ["leido", "cerrado"]) {
      const row = status.outlets.find((o) => o.slug === slug)!;
      const page = (await loadOutletPage(database.db, NO_POLICIES, { slug, now: NOW }))!;
      const host = page.signals.robots.find((r) => r.host === `https://www.${slug}.test`)!;
      expect(row.robotsHost).toBe(host.host);
      expect(row.robotsAccess).toBe(host.access);
      expect(row.robotsFetchedAt).toBe(host.lastFetchedAt);
    }
    expect(status.outlets.find((o) => o.slug === "leido")).toMatchObject({ robotsAccess: "parse", robotsFetchedAt: NOW - 2 * HOUR });
    expect(status.outlets.find((o) => o.slug === "cerrado")).toMatchObject({ robotsAccess: "disallow-all", robotsFetchedAt: NOW - HOUR });
  });

  it("WEB-7, BLK-2, BLK-7: captures, reads, probes and each source's state agree between the two pages", async () => {
    const status = await readStatusPage(database.db, NO_POLICIES, NOW);
    for (const row of status.outlets) {
      const page = (await loadOutletPage(database.db, NO_POLICIES, { slug: row.slug, now: NOW }))!;
      const s = page.status;
      expect({ attempts: row.captures, shareFailed: row.captureFailureShare, noPosition: row.noPosition }).toEqual({
        attempts: s.frontPage!.captures.attempts,
        shareFailed: s.frontPage!.captures.failures / s.frontPage!.captures.attempts,
        noPosition: s.frontPage!.withoutPosition,
      });
      expect({ attempts: row.reads, noBody: row.noBody }).toEqual({ attempts: s.reads.attempts, noBody: s.withoutBody });
      if (row.reads > 0) expect(row.readFailureShare).toBe(s.reads.failures / s.reads.attempts);
      expect({ total: row.probes, answered: row.probesAnswered }).toEqual(s.frontPage!.probes);
      expect(row.sources.map((x) => [x.kind, x.url, sourceStateLabel(x, NOW)])).toEqual(
        s.sources.map((x) => [x.kind, x.url, sourceStateLabel(x, NOW)]),
      );
    }
    const leido = status.outlets.find((o) => o.slug === "leido")!;
    // Five reads in the week, one of them robots.txt kept us from: four attempts, two failed.
    expect({ reads: leido.reads, failed: leido.readFailureShare }).toEqual({ reads: 4, failed: 0.5 });
    const cerrado = status.outlets.find((o) => o.slug === "cerrado")!;
    expect(cerrado.reads).toBe(0);
    expect(Object.fromEntries(cerrado.sources.map((x) => [x.kind, sourceStateLabel(x, NOW)]))).toEqual({
      feed: "Activa",
      frontpage: "Cerrada para nosotros",
      sitemap: "En pausa tras fallos",
    });
  });
});
