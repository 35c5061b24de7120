/**
 * STO-6: the growing logs (request log, failed captures, probes, form attempts, expired
 * sessions) are pruned past their windows by the worker's housekeeping, on an injected clock;
 * successful captures are kept whatever their age; and at the shortest windows the
 * configuration allows, no figure of /estado or of an outlet's page changes.
 */
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Executor } from "../../../db/client";
import { loadPolicies } from "../../../db/policies-in-force";
import { readCurrentMetrics, readMetricsHistory } from "../../../db/queries/admin/metrics";
import { loadOutletStatus } from "../../../db/queries/outlet-page/status";
import { readStatusPage } from "../../../db/queries/site/status-page";
import { sqlTime } from "../../../db/sql-time";
import { createLogPruner, PRUNE_EVERY_MS } from "../../../crawler/jobs/prune-logs";
import { pruneLogs } from "../../../crawler/record/log-retention";
import { loadConfig } from "../../../lib/config";
import { createLogger } from "../../../lib/log";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";

const END = Date.parse("2026-03-05T00:00:00Z");
const DAY = 24 * 3_600_000;
let database: Database;

/** Rows per table, and of them how many are older than `days` before END. */
async function counts(days: Record<string, number>): Promise<Record<string, string>> {
  const [row] = await database.db.execute<Record<string, string>>(sql`select
    (select count(*) || ' ' || count(*) filter (where at < ${sqlTime(END - days.requests! * DAY)}) from fetch_log) as fetch_log,
    (select count(*) || ' ' || count(*) filter (where at < ${sqlTime(END - days.captures! * DAY)}) from frontpage_captures where outcome <> 'ok') as failed_captures,
    (select count(*) || ' ' || count(*) filter (where at < ${sqlTime(END - days.captures! * DAY)}) from frontpage_captures where outcome = 'ok') as ok_captures,
    (select count(*) || ' ' || count(*) filter (where at < ${sqlTime(END - days.probes! * DAY)}) from probes) as probes,
    (select count(*) || ' ' || count(*) filter (where at < ${sqlTime(END - days.forms! * DAY)}) from form_submissions) as form_submissions,
    (select count(*) || ' ' || count(*) filter (where expires_at <= ${sqlTime(END)}) from sessions) as sessions`);
  return row!;
}

/** Every figure /estado and the outlet pages show. */
async function figures(): Promise<unknown> {
  const policies = await loadPolicies(database.db);
  const outlets = await database.db.execute<{ id: number }>(sql`select id from outlets order by id`);
  const pages = [];
  for (const o of outlets) pages.push(await loadOutletStatus(database.db, o.id, policies.forOutlet(o.id), END));
  return { status: await readStatusPage(database.db, policies, END), pages };
}

beforeAll(async () => {
  database = await createTestDatabase(4);
  await seedHistory(
    database.sql,
    parseSeedOptions(["--days", "20", "--outlets", "3", "--seed", "poda", "--end", new Date(END).toISOString(), "--log-days", "20"], 0),
  );
  // Probes, form attempts and sessions of every age up to 20 days.
  await database.db.execute(sql`insert into probes (site_domain, outlet_id, url, at, status, answered)
    select split_part(o.homepage, '/', 3), o.id, o.homepage, ${sqlTime(END)}::timestamptz - h * interval '1 hour', case when h % 3 = 0 then 200 end, h % 3 = 0
    from outlets o, generate_series(1, 480) h`);
  await database.db.execute(sql`insert into form_submissions (form, address_hash, at)
    select 'exclusion', md5(h::text), ${sqlTime(END)}::timestamptz - h * interval '1 hour' from generate_series(1, 480) h`);
  await database.db.execute(sql`insert into sessions (id_hash, created_at, expires_at)
    select md5(h::text), ${sqlTime(END)}::timestamptz - h * interval '1 day', ${sqlTime(END)}::timestamptz - (h - 3) * interval '1 day' from generate_series(1, 10) h`);
});
afterAll(async () => {
  await database?.close();
});

/** The statements `work` sends, with their parameters; run for real only when `run` (the prune's deletes are not). */
async function recorded(run: boolean, work: (db: Executor) => Promise<unknown>): Promise<{ sql: string; params: unknown[] }[]> {
  const dialect = new PgDialect();
  const seen: { sql: string; params: unknown[] }[] = [];
  const execute = (query: SQL) => {
    seen.push(dialect.sqlToQuery(query));
    return run ? database.db.execute(query) : Promise.resolve([]);
  };
  await work({ execute: execute as Executor["execute"] });
  return seen;
}

describe("log retention", () => {
  it("STO-6: the prune and /metrics find old probes and failed captures by time through an index, not by reading every successful capture (kept forever)", async () => {
    const prune = await recorded(false, (db) => pruneLogs(db, loadConfig({}).retention, END));
    const metrics = [
      ...(await recorded(true, (db) => readCurrentMetrics(db, END))),
      ...(await recorded(true, (db) => readMetricsHistory(db, END))),
    ];
    const expected = [
      ...[...prune, ...metrics]
        .filter((s) => /from frontpage_captures/.test(s.sql))
        .map((s) => ({ ...s, index: "frontpage_captures_failed_at" })),
      ...prune.filter((s) => /from probes/.test(s.sql)).map((s) => ({ ...s, index: "probes_at" })),
    ];
    expect(expected).toHaveLength(4);
    // Sequential scans off: the plan shows the index that answers each statement by time alone.
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe("set enable_seqscan = off");
      for (const statement of expected) {
        const plan = (await sql.unsafe(`explain ${statement.sql}`, statement.params as never[]))
          .map((r) => String(Object.values(r)[0]))
          .join("\n");
        expect(plan, statement.sql).toContain(statement.index);
      }
    } finally {
      await sql.end();
    }
  });

  it("STO-6: at the shortest windows allowed, old log rows go, successful captures stay, and no published figure changes", async () => {
    const windows = loadConfig({
      HEMEROSCOPIO_RETAIN_REQUESTS_DAYS: "7",
      HEMEROSCOPIO_RETAIN_FAILED_CAPTURES_DAYS: "7",
      HEMEROSCOPIO_RETAIN_PROBES_DAYS: "7",
      HEMEROSCOPIO_RETAIN_FORM_ATTEMPTS_DAYS: "1",
    }).retention;
    const days = { requests: 7, captures: 7, probes: 7, forms: 1 };
    const before = await counts(days);
    for (const [table, value] of Object.entries(before))
      expect(Number(value.split(" ")[1]), `${table} has old rows to prune`).toBeGreaterThan(0);
    const shown = await figures();

    let now = END;
    const logged: string[] = [];
    const prune = createLogPruner({
      db: database.db,
      now: () => now,
      windows,
      log: createLogger({ component: "t", write: (l) => logged.push(l) }),
    });
    expect(await prune()).toBeGreaterThan(0);
    const after = await counts(days);
    const kept = (v: string) => Number(v.split(" ")[0]) - Number(v.split(" ")[1]);
    for (const table of ["fetch_log", "failed_captures", "probes", "form_submissions", "sessions"]) {
      expect(after[table], table).toBe(`${kept(before[table]!)} 0`);
    }
    expect(after.ok_captures).toBe(before.ok_captures);
    expect(JSON.parse(logged[0]!)).toMatchObject({ event: "retention.pruned", sessions: 8 });
    expect(await figures()).toEqual(shown);

    // The next round waits an hour of clock time, then prunes what aged past the window meanwhile.
    now = END + PRUNE_EVERY_MS - 1;
    expect(await prune()).toBe(0);
    now = END + PRUNE_EVERY_MS;
    expect(await prune()).toBeGreaterThan(0);
  });

  it("STO-6: the defaults keep the request log 90 days, failed captures and probes 30, form attempts 2", () => {
    expect(loadConfig({}).retention).toEqual({ requestsDays: 90, failedCapturesDays: 30, probesDays: 30, formAttemptsDays: 2 });
  });
});
