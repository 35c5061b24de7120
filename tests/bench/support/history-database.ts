/**
 * The generated year the site benchmark reads: made once per generator version and
 * size, then reused. With DATABASE_URL, a database named for them on that server;
 * otherwise an embedded PostgreSQL in a kept temporary directory. A stamp in
 * app_state says the generation finished.
 */
import os from "node:os";
import path from "node:path";
import fs from "node:fs/promises";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { createHeadlineAnalyser } from "../../../crawler/derive/analyse-headlines";
import { storeAnalysisDays } from "../../../db/figures/analysis-days";
import { storeSettledHeadlineChangeCounts } from "../../../db/figures/headline-change-counts";
import { loadPolicies } from "../../../db/policies-in-force";
import { migrateDatabase } from "../../../db/migrate";
import { startEmbeddedPostgres } from "../../../db/embedded";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { GENERATOR_VERSION, seedHistory, type SeedSummary } from "../../../scripts/seed-history/seed";
import { stopAlsoOnInterrupt } from "./interrupt";

/** The database and how it came to be. */
export interface HistoryDatabase {
  url: string;
  generated: boolean;
  summary: SeedSummary;
  end: number;
  /** The postmaster's PID when embedded (for its CPU). */
  postgresPid?: number;
  close(): Promise<void>;
}

interface Stamp {
  version: number;
  outlets: number;
  days: number;
  end: number;
  summary: SeedSummary;
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Open (or make) the history for `outlets` × `days`. */
export async function historyDatabase(
  outlets: number,
  days: number,
  serverUrl: string | undefined,
  progress: (line: string) => void,
): Promise<HistoryDatabase> {
  const name = `site_bench_g${GENERATOR_VERSION}_o${outlets}_d${days}`;
  let stopServer = async () => {};
  let server = serverUrl;
  let postgresPid: number | undefined;
  if (!server) {
    const dir = path.join(os.tmpdir(), `hemeroscopio-${name}`);
    await fs.mkdir(dir, { recursive: true });
    await fs.chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(dir);
    server = embedded.url;
    stopServer = stopAlsoOnInterrupt(() => embedded.stop());
    const pidLine = await fs.readFile(path.join(dir, "postgres", "postmaster.pid"), "utf8").catch(() => "");
    postgresPid = Number(pidLine.split("\n")[0]) || undefined;
  }
  const admin = postgres(withDatabase(server, "postgres"), { max: 1, onnotice: () => {} });
  const url = withDatabase(server, name);
  try {
    const exists = (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
    if (exists) {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      const rows = await sql<{ value: Stamp }[]>`select value from app_state where key = 'seed-history'`.catch(() => []);
      await sql.end();
      const stamp = rows[0]?.value;
      if (stamp && stamp.version === GENERATOR_VERSION && stamp.outlets === outlets && stamp.days === days) {
        progress(`reusing ${name} (generated up to ${new Date(stamp.end).toISOString()})`);
        // A year generated before the latest migrations gets them, so that reads meet the indexes they are written for.
        await migrateDatabase(url);
        await countHeadlineChanges(url, stamp.end);
        await analyseHeadlines(url, stamp.end, progress);
        return {
          url,
          generated: false,
          summary: stamp.summary,
          end: stamp.end,
          postgresPid,
          close: async () => {
            await admin.end();
            await stopServer();
          },
        };
      }
      await admin.unsafe(`drop database ${name} with (force)`);
    }
    await admin.unsafe(`create database ${name}`);
    await migrateDatabase(url);
    const sql = postgres(url, { max: 6, onnotice: () => {} });
    try {
      const options = parseSeedOptions(["--outlets", String(outlets), "--days", String(days), "--seed", "bench"], Date.now());
      progress(`generating ${outlets} outlets × ${days} days into ${name}…`);
      let n = 0;
      const summary = await seedHistory(sql, options, (line) => {
        if (++n % 10 === 0) progress(line);
      });
      await countHeadlineChanges(url, options.end);
      await analyseHeadlines(url, options.end, progress);
      const stamp: Stamp = { version: GENERATOR_VERSION, outlets, days, end: options.end, summary };
      await sql`insert into app_state (key, value) values ('seed-history', ${sql.json(stamp as unknown as postgres.JSONValue)})`;
      return {
        url,
        generated: true,
        summary,
        end: options.end,
        postgresPid,
        close: async () => {
          await admin.end();
          await stopServer();
        },
      };
    } finally {
      await sql.end();
    }
  } catch (error) {
    await admin.end();
    await stopServer();
    throw error;
  }
}

/**
 * What the worker keeps and a migration may have added: each settled article's headline-change counts (DER-6).
 * Its own client: drizzle over a raw client changes how that client sends JSON (the stamp goes in through one).
 */
async function countHeadlineChanges(url: string, end: number): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  await storeSettledHeadlineChangeCounts(drizzle(client), { now: () => end }).finally(() => client.end());
}

/**
 * What the worker's analyser stores for every headline a deployment records (features, language, framing letter), and
 * the days' counts of it, run to the end as the worker would: the pages over the year are timed with them, as a
 * deployment serves them. A year already analysed costs one round that finds nothing.
 */
async function analyseHeadlines(url: string, end: number, progress: (line: string) => void): Promise<void> {
  const client = postgres(url, { max: 2, onnotice: () => {} });
  const db = drizzle(client);
  const analyser = createHeadlineAnalyser({ db, now: () => end, policies: () => loadPolicies(db), roundMs: 60_000 });
  const signal = new AbortController().signal;
  try {
    let stored = 0;
    for (let n = await analyser.analyse(signal); n > 0; n = await analyser.analyse(signal)) {
      stored += n;
      progress(`headline analysis: ${stored.toLocaleString("en")} rows stored`);
    }
    // And the days it changed, as the worker computes them after it (crawler/derive/analysis-days.ts).
    let days = 0;
    for (let n = await storeAnalysisDays(db); n > 0; n = await storeAnalysisDays(db)) days += n;
    if (days) progress(`headline analysis: ${days.toLocaleString("en")} outlet days computed`);
  } finally {
    await client.end();
  }
}
