/**
 * `npm run soak:crash -- [--kills 10] [--outlets 12] [--scale 200]`: the long version of
 * tests/resilience/crash-safety.test.ts (SPEC SCH-4, OPS-2, POL-1). The real worker crawls
 * the simulated web and is killed with SIGKILL `--kills` times (3–10 s after each start's
 * first request), restarted each time, beside an uninterrupted worker on an identical
 * simulated web over the same simulated period. Prints kills survived, rows compared and
 * violations; exits 1 if any check fails. Uses DATABASE_URL's server, else an embedded
 * PostgreSQL in a temporary directory.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "../db/client";
import { startEmbeddedPostgres, type EmbeddedServer } from "../db/embedded";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { pacingViolations, robotsNotFirst } from "../tests/support/access-log-checks";
import { downtimes, integrity, listingPolls, missing, mustHaveSeen, recorded, siteDowntimes } from "../tests/resilience/crash-checks";
import { crawlWithKills } from "../tests/resilience/crash-run";

const usage = "usage: npm run soak:crash -- [--kills N] [--outlets N] [--scale N]";

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(usage);
  return value;
}

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
  const kills = option(args, "kills", 10);
  const outlets = option(args, "outlets", 12);
  const scale = option(args, "scale", 200);
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
    const common = { scale, origin, outlets, upMs: [3_000, 10_000] as const, tailMs: 20_000 };
    process.stdout.write(`soak:crash: ${kills} kills, ${outlets} outlets, time ×${scale}\n`);
    const runningB = crawlWithKills({ ...common, database: dbB.database, kills });
    const [runA, runB] = await Promise.all([crawlWithKills({ ...common, database: dbA.database, kills: 0, tailMs: 0, until: runningB }), runningB]);
    const endSim = Math.min(runA.endSim, runB.endSim);
    const polls = await listingPolls(dbB.database);
    const [a, b] = [await recorded(dbA.database, runA, endSim, polls), await recorded(dbB.database, runB, endSim, polls)];
    const down = downtimes(runB);
    const lostArticles = missing(a.articles, b.articles);
    const lostVersions = missing(mustHaveSeen(runB, endSim, b.articles, siteDowntimes(runB, polls)), b.versions);
    const integrityB = await integrity(dbB.database);
    const pacing = pacingViolations(runB.sim.accessLog(), 3000);
    const robots = robotsNotFirst(runB.sim.accessLog());
    const lines = [
      `simulated period: ${Math.round((endSim - runA.startSim) / 60_000)} min; downtime ${Math.round(down.reduce((n, [x, y]) => n + y - x, 0) / 60_000)} min`,
      `kills survived: ${runB.kills.length} (worker starts ${runB.starts}); requests ${runB.sim.accessLog().length} (uninterrupted ${runA.sim.accessLog().length})`,
      `rows compared: ${a.articles.size} articles, ${a.versions.size} headline versions (uninterrupted) vs ${b.articles.size} / ${b.versions.size} (killed)`,
      `lost articles: ${lostArticles.length}; lost long-lived headline versions: ${lostVersions.length}; extra articles: ${missing(b.articles, a.articles).length}`,
      `violations: duplicates ${integrityB.duplicateArticles + integrityB.duplicateVersions}, span overlaps ${integrityB.overlappingSpans}, pacing ${pacing.length}, robots-first ${robots.length}`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    await Promise.all([runA.sim.close(), runB.sim.close()]);
    const failed = lostArticles.length + lostVersions.length + integrityB.duplicateArticles + integrityB.duplicateVersions + integrityB.overlappingSpans + pacing.length + robots.length;
    return failed === 0 ? 0 : 1;
  } finally {
    await dbA.drop();
    await dbB.drop();
    await embedded?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => exitWithError("soak:crash", error));
