/**
 * `npm run outlets -- check` against the simulated web, over loopback only: a moved feed, a feed
 * that is gone while the home page announces another, a sitemap named only in robots.txt, and a
 * legal notice answering 404. Asserted from the simulator's access log (what a publisher sees:
 * robots.txt first, our identity, each URL once), the printed report and the stored check. And
 * offline: no host resolves, so it refuses and writes nothing.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOutletsCheck, type CheckCommandResult } from "../../../crawler/check-command";
import type { Database } from "../../../db/client";
import { readOutletChecks } from "../../../db/outlet-checks";
import { importOutlets } from "../../../db/outlets";
import { scaledClock } from "../../../lib/clock";
import { loadConfig } from "../../../lib/config";
import type { OutletCheck } from "../../../lib/outlet-check";
import { parseOutletsFile, readOutletsFile, type OutletConfig } from "../../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../../sim/index";
import { robotsNotFirst } from "../../support/access-log-checks";
import { createTestDatabase } from "../../support/database";
import { simulatedWorkerEnv } from "../../support/worker-process";

const SCALE = 200;
const SEED = path.resolve(__dirname, "../../../db/seed/outlets.json");

let sim: SimulatedWeb;
let database: Database;
let dataDir: string;
let outlets: OutletConfig[];
let result: CheckCommandResult;
let checks: Map<string, OutletCheck>;

const www = (o: OutletConfig) => new URL(o.homepage).host;

beforeAll(async () => {
  const clock = scaledClock(SCALE);
  sim = await startSimulatedWeb({ clock, outlets: 3 });
  const [moved, gone, legal] = toOutletsFile(sim.outlets);
  const movedFeed = new URL(moved!.feeds[0]!);
  // A feed that moved: the old address answers 301 to the feed's new one.
  sim.setScenario(movedFeed.host, [{ kind: "redirect", to: movedFeed.pathname, path: "/rss/antigua.xml", exact: true, status: 301 }]);
  // A legal notice that is gone.
  sim.setScenario(new URL(legal!.homepage).host, [{ kind: "status", status: 404, path: "/aviso-legal" }]);
  const file = [
    { ...moved!, feeds: [`${movedFeed.origin}/rss/antigua.xml`], sitemaps: [] }, // and its sitemap only in robots.txt
    { ...gone!, feeds: [`${new URL(gone!.homepage).origin}/rss/desaparecida.xml`] },
    legal!,
  ];
  outlets = parseOutletsFile(JSON.stringify(file), "outlets.json");
  database = await createTestDatabase();
  await importOutlets(database.db, outlets);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-check-"));
  const config = loadConfig(simulatedWorkerEnv({ databaseUrl: database.url, resolveRule: sim.resolveRule, dataDir, scale: SCALE }));
  result = await runOutletsCheck({ config, db: database.db, clock, outlets });
  await sim.idle();
  checks = new Map([...(await readOutletChecks(database.db)).values()].map((c) => [c.slug, c]));
}, 120_000);

afterAll(async () => {
  await sim?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe("npm run outlets -- check, on the simulated web (OPS-9)", () => {
  it("OPS-9, POL-2: reads robots.txt first on every host, under the bot's identity, and each configured URL once", () => {
    const log = sim.accessLog();
    expect(robotsNotFirst(log)).toEqual([]);
    expect(log.every((e) => /HemeroscopioBot/.test(e.requestHeaders["user-agent"] ?? ""))).toBe(true);
    for (const o of outlets) {
      for (const url of [o.homepage, ...o.feeds, ...o.sitemaps, ...(o.legalNotice ? [o.legalNotice] : [])]) {
        const u = new URL(url);
        expect(log.filter((e) => e.host === u.host && e.path === u.pathname).length, url).toBe(1);
      }
    }
  });

  it("OPS-9: reports a moved feed as redirected, with its new address, and proposes it", () => {
    const [moved] = outlets;
    const feed = checks.get(moved!.slug)!.urls.find((u) => u.field === "feed")!;
    expect(feed.state).toBe("redirected");
    expect(feed.finalUrl).toMatch(/\/(rss|atom)\/portada\.xml$/);
    expect(result.report).toContain(`${moved!.feeds[0]} -> ${feed.finalUrl}`);
  });

  it("OPS-9: suggests the sitemap robots.txt names when the outlet lists none", () => {
    const [moved] = outlets;
    const check = checks.get(moved!.slug)!;
    expect(check.robotsSitemaps).toEqual([expect.stringMatching(/\/sitemaps\/index\.xml$/)]);
    expect(result.report).toContain("sitemaps its robots.txt names");
  });

  it("OPS-9: reports a gone feed and proposes the feed the home page announces", () => {
    const [, gone] = outlets;
    const check = checks.get(gone!.slug)!;
    expect(check.urls.find((u) => u.field === "feed")).toMatchObject({ state: "gone", status: 404 });
    expect(check.announcedFeeds.length).toBeGreaterThan(0);
  });

  it("OPS-9: reports a legal notice answering 404 as gone", () => {
    const [, , legal] = outlets;
    expect(checks.get(legal!.slug)!.urls.find((u) => u.field === "legalNotice")).toMatchObject({ state: "gone", status: 404 });
    expect(result.report).toMatch(/gone\s+legal notice\s+\S+\/aviso-legal \(404 http-error\)/);
  });

  it("prints the changed entries as an outlets file ready to paste, and stores every outlet's check", () => {
    expect(result.offline).toBe(false);
    expect(result.stored).toBe(3);
    const json = result.report.slice(result.report.indexOf("\n[") + 1);
    const proposed = parseOutletsFile(json, "proposed.json");
    const [moved, gone, legal] = outlets;
    const bySlug = new Map(proposed.map((o) => [o.slug, o]));
    expect(bySlug.get(moved!.slug)!.feeds).toEqual([checks.get(moved!.slug)!.urls.find((u) => u.field === "feed")!.finalUrl]);
    expect(bySlug.get(moved!.slug)!.sitemaps).toEqual(checks.get(moved!.slug)!.robotsSitemaps);
    expect(bySlug.get(gone!.slug)!.feeds).toEqual([checks.get(gone!.slug)!.announcedFeeds[0]]);
    expect(bySlug.get(legal!.slug)!.legalNotice).toBeUndefined();
    expect(www(bySlug.get(legal!.slug)!)).toBe(www(legal!));
  });
});

describe("npm run outlets -- check, offline", () => {
  it("says it cannot reach the outlets, sends nothing and stores nothing", async () => {
    const shipped = await readOutletsFile(SEED);
    const db = await createTestDatabase();
    try {
      await importOutlets(db.db, shipped);
      const config = loadConfig({
        ...simulatedWorkerEnv({ databaseUrl: db.url, resolveRule: "", dataDir, scale: SCALE }),
        HEMEROSCOPIO_ONLY_RESOLVED: "false",
      });
      const noDns = async (host: string) =>
        Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }));
      const offline = await runOutletsCheck({ config, db: db.db, clock: scaledClock(SCALE), outlets: shipped, lookup: noDns });
      expect(offline.offline).toBe(true);
      expect(offline.report).toMatch(/cannot reach the outlets.*Nothing was sent; nothing was changed/);
      const [row] = await db.db.execute<{ logged: number }>(sql`select count(*)::int as logged from fetch_log`);
      expect(row!.logged).toBe(0);
      expect((await readOutletChecks(db.db)).size).toBe(0);
      expect(await readOutletsFile(SEED)).toEqual(shipped);
    } finally {
      await db.close();
    }
  });
});
