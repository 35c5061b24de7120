/**
 * Database growth per simulated month (SPEC STO-6): one month of 30 outlets, written by the
 * history generator (scripts/seed-history: the rows a crawl writes — articles, headline
 * versions, rank spans, front-page captures, the request log for every day), then the size of
 * each table, after `VACUUM FULL` so the figures are live data: with retention off (nothing
 * pruned), with the default windows (lib/config.ts), and with the shortest windows allowed.
 */
import { sql } from "drizzle-orm";
import { pruneLogs } from "../../crawler/record/log-retention";
import { deleteExpiredFingerprints } from "../../crawler/derive/retention";
import type { Database } from "../../db/client";
import { loadConfig } from "../../lib/config";
import { seedHistory } from "../../scripts/seed-history/seed";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "growth: database size per table after one simulated month, retention off and on";

const OUTLETS = 30;
const DAYS = 30;
const END = Date.parse("2026-11-30T00:00:00Z");
const MIB = 1024 * 1024;

async function tableSizes(database: Database): Promise<Map<string, number>> {
  await database.sql.unsafe("vacuum full analyze");
  const rows = await database.db.execute<{ table: string; bytes: string }>(sql`
    select relname as table, pg_total_relation_size(relid)::bigint as bytes from pg_stat_user_tables where schemaname = current_schema()`);
  return new Map(rows.map((r) => [r.table, Number(r.bytes)]));
}

export async function run(context: BenchContext): Promise<Figure[]> {
  const database = await context.createDatabase({ maxConnections: 6 });
  try {
    context.progress(`generating ${OUTLETS} outlets × ${DAYS} days`);
    const seeded = await seedHistory(
      database.sql,
      { outlets: OUTLETS, days: DAYS, logDays: DAYS, seed: "growth", end: END, replace: false },
      context.progress,
    );
    context.progress(`${seeded.rows} rows in ${seeded.seconds.toFixed(0)} s`);
    const off = await tableSizes(database);
    const defaults = loadConfig({}).retention;
    await pruneLogs(database.db, defaults, END);
    await deleteExpiredFingerprints(database.db, END);
    const on = await tableSizes(database);
    await pruneLogs(database.db, { requestsDays: 7, failedCapturesDays: 7, probesDays: 7, formAttemptsDays: 1 }, END);
    const shortest = await tableSizes(database);
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const biggest = [...off.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([t]) => t);
    const mib = (n: number) => Math.round((n / MIB) * 10) / 10;
    return [
      figure(`${OUTLETS} outlets, ${DAYS} days: rows written`, seeded.rows, "rows"),
      figure("whole database, retention off", mib(total(off)), "MiB"),
      figure(
        `whole database, default windows (requests ${defaults.requestsDays} d, failed captures ${defaults.failedCapturesDays} d, probes ${defaults.probesDays} d)`,
        mib(total(on)),
        "MiB",
      ),
      figure("whole database, shortest windows (7 d, 7 d, 7 d)", mib(total(shortest)), "MiB"),
      ...biggest.flatMap((t) => [
        figure(`${t}: retention off`, mib(off.get(t) ?? 0), "MiB"),
        figure(`${t}: default windows`, mib(on.get(t) ?? 0), "MiB"),
        figure(`${t}: shortest windows`, mib(shortest.get(t) ?? 0), "MiB"),
      ]),
    ];
  } finally {
    await database.close();
  }
}
