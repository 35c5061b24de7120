/**
 * `npm run soak:crash -- [--kills 10] [--outlets 12] [--scale 200] [--workers 1] [--hours H]
 * [--read-budget N]`: the long version of tests/resilience/crash-safety.test.ts and, with
 * `--workers 3`, of workers-killed.test.ts (SPEC SCH-4, OPS-2, POL-1, STO-1).
 * `--workers` worker processes share one database and crawl the simulated web; the first of
 * them is killed with SIGKILL `--kills` times (3–10 s after each of its processes' first
 * request, with several workers then as soon as it holds a job) and restarted each time,
 * beside an uninterrupted single worker on an identical simulated web over the same simulated
 * period. With `--hours H` the run covers at least H simulated hours from its first request,
 * kill i coming no sooner than about i/(kills + 1) of them (±a quarter of that slice, at
 * random). `--read-budget` sets the article reads per site per day (SCH-3; the product's
 * default, 500, unless given). Prints kills survived, processes, requests, rows compared,
 * violations and duplicates; exits 1 if any check fails. Uses DATABASE_URL's server, else an
 * embedded PostgreSQL in a temporary directory.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, type Database } from "../db/client";
import { startEmbeddedPostgres, type EmbeddedServer } from "../db/embedded";
import { scaledClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { pacingViolations, robotsNotFirst } from "../tests/support/access-log-checks";
import {
  commonPeriod,
  downtimes,
  duplicateWork,
  integrity,
  listingPolls,
  merged,
  missing,
  mustHaveSeen,
  recorded,
  requestsByProcess,
  servedVsStored,
  siteDowntimes,
  unwatched,
} from "../tests/resilience/crash-checks";
import { crawlWithKills } from "../tests/resilience/crash-run";
import { parseCommandLine, wholeNumber } from "./command-line";

const USAGE = `usage: npm run soak:crash -- [--kills N] [--outlets N] [--scale N] [--workers N] [--hours N] [--read-budget N]
Workers crawl the simulated web while the first is killed with SIGKILL and restarted, beside
an uninterrupted worker; prints what survived and exits 1 if any check fails. Uses
DATABASE_URL's server, else an embedded PostgreSQL in a temporary directory.
  --kills N        kills of the first worker (default 10)
  --outlets N      simulated outlets (default 12)
  --scale N        the simulated clock runs N times faster than real time (default 200)
  --workers N      worker processes sharing the database (default 1)
  --hours N        cover at least N simulated hours, kills spread over them (default: no minimum)
  --read-budget N  article reads per site per day (default: the product's, 500)
  -h, --help       print this help`;
const HOUR = 3_600_000;

async function freshDatabase(serverUrl: string, dataDir: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `soak_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir }, { maxConnections: 4 });
  return {
    database,
    async drop() {
      await database.close();
      const a = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function main(args: string[]): Promise<number> {
  const numbers = { type: "string" } as const;
  const { values } = parseCommandLine(USAGE, {
    args,
    options: { kills: numbers, outlets: numbers, scale: numbers, workers: numbers, hours: numbers, "read-budget": numbers },
  });
  const kills = wholeNumber(values.kills, "kills", 10);
  const outlets = wholeNumber(values.outlets, "outlets", 12);
  const scale = wholeNumber(values.scale, "scale", 200);
  const workers = wholeNumber(values.workers, "workers", 1);
  const hours = wholeNumber(values.hours, "hours", 0);
  const budget = wholeNumber(values["read-budget"], "read-budget", 0);
  const config = loadConfig();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-soak-"));
  await fs.chmod(dataDir, 0o755);
  let embedded: EmbeddedServer | undefined;
  const serverUrl = config.databaseUrl ?? (embedded = await startEmbeddedPostgres(dataDir)).url;
  const admin = new URL(serverUrl);
  admin.pathname = "/postgres";
  const [dbA, dbB] = [await freshDatabase(admin.toString(), dataDir), await freshDatabase(admin.toString(), dataDir)];
  try {
    const origin = Date.now();
    const env = budget > 0 ? { HEMEROSCOPIO_ARTICLE_DAILY_BUDGET: String(budget) } : undefined;
    const common = { scale, origin, outlets, upMs: [3_000, 10_000] as const, tailMs: 20_000, minSimMs: hours * HOUR, env };
    const slice = (hours * HOUR) / (kills + 1);
    const killAfterSimMs = Array.from({ length: kills }, (_, i) => slice * (i + 1 + (Math.random() - 0.5) / 2));
    process.stdout.write(
      `soak:crash: ${workers} worker process(es), the first killed ${kills} times; ${outlets} outlets, time ×${scale}${hours ? `, ${hours} simulated hours` : ""}${budget ? `, ${budget} reads per site per day` : ""}\n`,
    );
    // The period compared starts at the later of the two runs' first requests: the killed run
    // also goes on until the single worker's run has covered `hours` (or has failed).
    const clock = scaledClock(scale, origin);
    let calmStarted = (_simTime: number) => {};
    let calmStopped = () => {};
    const calmCovered = new Promise<void>((resolve) => {
      calmStarted = (simTime) => void clock.sleep(simTime + common.minSimMs - clock.now()).then(resolve);
      calmStopped = resolve;
    });
    // Among several workers the killed one may be idle: each kill then waits until it holds a job.
    const runningB = crawlWithKills({
      ...common,
      database: dbB.database,
      workers,
      kills,
      midJob: workers > 1,
      killAfterSimMs,
      until: calmCovered,
    });
    const runningA = crawlWithKills({
      ...common,
      database: dbA.database,
      kills: 0,
      tailMs: 0,
      until: runningB,
      onFirstRequest: calmStarted,
    });
    runningA.catch(calmStopped);
    const [runA, runB] = await Promise.all([runningA, runningB]);
    const period = commonPeriod(runA, runB);
    const polls = await listingPolls(dbB.database);
    const [a, b] = [await recorded(dbA.database, runA, period, polls), await recorded(dbB.database, runB, period, polls)];
    // Headline versions live ≥ 35 min while both runs watched the site (crash-checks.ts `unwatched`), outside each kill's downtime.
    const [unwatchedA, unwatchedB] = [
      unwatched(await listingPolls(dbA.database, ["sitemap"]), period),
      unwatched(await listingPolls(dbB.database, ["sitemap"]), period),
    ];
    const down = merged(unwatchedA, unwatchedB, siteDowntimes(runB, polls));
    const perSite = (m: ReadonlyMap<string, [number, number][]>) =>
      [...m.values()].flat().reduce((n, [x, y]) => n + y - x, 0) / Math.max(1, m.size);
    const required = mustHaveSeen(runB, period, new Set([...a.articles, ...b.articles]), down);
    const lostArticles = missing(a.articles, b.articles);
    const lostVersions = { single: missing(required, a.versions), killed: missing(required, b.versions) };
    const [integrityA, integrityB] = [await integrity(dbA.database), await integrity(dbB.database)];
    const [work, workA] = [await duplicateWork(dbB.database, runB), await duplicateWork(dbA.database, runA)];
    // Exactness: what was served is stored, but for what only a dead worker's unfinished jobs received.
    const [exactA, exactB] = [await servedVsStored(dbA.database, runA), await servedVsStored(dbB.database, runB)];
    const inexact = [exactA, exactB].reduce(
      (n, x) => n + x.lostArticles.length + x.lostVersions.length + x.inventedArticles.length + x.inventedVersions.length,
      0,
    );
    const pacing = pacingViolations(runB.sim.accessLog(), 3000);
    const robots = robotsNotFirst(runB.sim.accessLog());
    const done = await requestsByProcess(dbB.database);
    const idle = runB.processes.filter((p) => !done.get(p.workerId));
    const unread = async (d: typeof dbA) =>
      Number((await d.database.db.execute<{ n: number }>(sql`select count(*)::int as n from articles where read_at is null`))[0]!.n);
    const spans = async (d: typeof dbA) =>
      Number((await d.database.db.execute<{ n: number }>(sql`select count(*)::int as n from rank_spans`))[0]!.n);
    const duplicateRows =
      integrityA.duplicateArticles + integrityA.duplicateVersions + integrityB.duplicateArticles + integrityB.duplicateVersions;
    const robotsFetches = (r: typeof runA) => r.sim.accessLog().filter((e) => e.path === "/robots.txt" && e.simTime <= r.endSim).length;
    const hosts = (r: typeof runA) => new Set(r.sim.accessLog().map((e) => e.host)).size;
    const minutes = (ms: number) => Math.round(ms / 60_000);
    const lines = [
      `simulated period: ${minutes(period.endSim - period.startSim)} min (${((period.endSim - period.startSim) / HOUR).toFixed(1)} h); kills at +${runB.kills.map((k) => minutes(k.simTime - runB.startSim)).join(", +") || "–"} min; time with no worker ${minutes(downtimes(runB).reduce((n, [x, y]) => n + y - x, 0))} min`,
      `kills survived: ${runB.kills.length}; processes: ${runB.starts} (${workers} workers + ${runB.kills.length} restarts), each with requests: ${runB.starts - idle.length}`,
      `requests: ${runB.sim.accessLog().length} (single worker ${runA.sim.accessLog().length}); per process ${runB.processes.map((p) => done.get(p.workerId) ?? 0).join(" ")}`,
      `rows compared: articles ${a.articles.size} (single) vs ${b.articles.size} (killed); headline versions required ${required.size}, recorded ${a.versions.size} vs ${b.versions.size}; rank spans ${await spans(dbA)} vs ${await spans(dbB)}`,
      `sites unwatched (sitemap polls > 30 min apart, or a kill to the next poll): ${minutes(perSite(down))} min on average (single worker ${minutes(perSite(unwatchedA))}, killed ${minutes(perSite(unwatchedB))}); articles found but not yet read at the end ${await unread(dbB)} (single worker ${await unread(dbA)})`,
      `served vs stored: ${exactB.servedDocuments} documents served (${exactB.excusedDocuments} to a dead worker's unfinished job), single worker ${exactA.servedDocuments}; lost ${exactB.lostArticles.length} articles, ${exactB.lostVersions.length} headline versions (single worker ${exactA.lostArticles.length} / ${exactA.lostVersions.length}); invented ${exactA.inventedArticles.length + exactB.inventedArticles.length + exactA.inventedVersions.length + exactB.inventedVersions.length}`,
      `lost: articles ${lostArticles.length}, long-lived headline versions ${lostVersions.killed.length} (single worker ${lostVersions.single.length}); extra articles ${missing(b.articles, a.articles).length}`,
      `robots.txt: ${robotsFetches(runB)} requests for ${hosts(runB)} hosts (single worker ${robotsFetches(runA)} for ${hosts(runA)}), cached 24 h`,
      `violations: pacing ${pacing.length}, robots-first ${robots.length}, span overlaps ${integrityA.overlappingSpans + integrityB.overlappingSpans}`,
      `duplicates: rows ${duplicateRows}, work ${work.repeats.length + workA.repeats.length} (unfinished jobs redone after a kill: ${work.redone.length})`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    for (const r of [...work.repeats, ...workA.repeats].slice(0, 5)) process.stdout.write(`  duplicate: ${r.url} ${r.gapMs} ms apart\n`);
    for (const v of [...lostArticles, ...lostVersions.killed, ...lostVersions.single, ...exactB.lostVersions, ...exactA.lostVersions].slice(
      0,
      5,
    ))
      process.stdout.write(`  lost: ${v}\n`);
    await Promise.all([runA.sim.close(), runB.sim.close()]);
    const failed =
      inexact +
      lostArticles.length +
      lostVersions.killed.length +
      lostVersions.single.length +
      duplicateRows +
      integrityA.overlappingSpans +
      integrityB.overlappingSpans +
      work.repeats.length +
      workA.repeats.length +
      pacing.length +
      robots.length +
      idle.length;
    return failed === 0 ? 0 : 1;
  } finally {
    await dbA.drop();
    await dbB.drop();
    await embedded?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => exitWithError("soak:crash", error),
);
