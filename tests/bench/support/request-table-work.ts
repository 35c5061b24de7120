/**
 * What the product does with the tables that grow with every request, as the tables bench
 * times it: every read of them (the status pages, /metrics, /healthz, the admin's crawler
 * health and charts, the worker's own reads, the retention prune) and every write the
 * worker makes to them, each through the product's own functions.
 */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadCrawlerHealth } from "../../../db/queries/admin/health";
import { readHealth } from "../../../db/queries/site/health";
import { readCurrentMetrics, readMetricsHistory } from "../../../db/queries/admin/metrics";
import { loadOutletStatus } from "../../../db/queries/outlet-page/status";
import { loadOutletSilences } from "../../../db/figures/outlet-page/silences";
import { readStatusPage } from "../../../db/queries/site/status-page";
import { sqlTime } from "../../../db/sql-time";
import { acquireSite, releaseSite } from "../../../crawler/politeness/site-lease";
import { logRequest } from "../../../crawler/politeness/request-log";
import { frontPageHistory } from "../../../crawler/record/extraction";
import { recordCapture, recordFailedCapture } from "../../../crawler/record/frontpage";
import { recordProbe } from "../../../crawler/record/sources";

/** The outlets the reads and writes pick from. */
export interface Outlet {
  id: number;
  domain: string;
  homepage: string;
  frontSourceId: number;
  articleIds: number[];
}

/** A read, at `now`, of the outlet `o` when it reads one. */
export interface Read {
  label: string;
  run(db: Executor, now: number, o: Outlet): Promise<unknown>;
}

/** Every read of fetch_log, frontpage_captures or probes behind a status figure (and /healthz, which reads none of them). */
export const READS: Read[] = [
  { label: "/metrics (OPS-5: requests, bytes, failed extractions in 5 min)", run: (db, now) => readCurrentMetrics(db, now) },
  { label: "/admin/metricas (the last 24 h by hour)", run: (db, now) => readMetricsHistory(db, now) },
  { label: "/healthz (OPS-4)", run: (db, now) => readHealth(db, now) },
  { label: "/admin/salud (8 latest requests per site)", run: (db) => loadCrawlerHealth(db, Date.now()) },
  {
    label: "/estado (7-day captures, probes; 24 h requests per site)",
    run: async (db, now) => readStatusPage(db, await loadPolicies(db), now),
  },
  {
    label: "outlet page: collection status (7 days)",
    run: async (db, now, o) => loadOutletStatus(db, o.id, (await loadPolicies(db)).forOutlet(o.id), now),
  },
  {
    label: "outlet page: silences' followed outlets (7 days of captures)",
    run: async (db, now, o) => loadOutletSilences(db, await loadPolicies(db), { outletId: o.id, now }),
  },
  {
    label: "worker: a capture's extraction history",
    run: (db, _now, o) => frontPageHistory(db, { outletId: o.id, sourceId: o.frontSourceId }),
  },
];

/** A write of the worker, the `i`-th of a run, at `at` (later for each call). */
export interface Write {
  label: string;
  run(db: Db, at: number, o: Outlet, i: number): Promise<unknown>;
}

/** Articles each outlet's benchmarked captures rank (they must exist: rank spans refer to them). */
export const RANKED = 24;

/** Every write of the worker to the three tables. */
export const WRITES: Write[] = [
  {
    label: "fetch log: a request's lease and release (insert + update of its line)",
    run: async (db, at, o) => {
      const lease = await acquireSite(db, {
        domain: o.domain,
        workerId: "bench",
        now: at,
        leaseMs: 60_000,
        request: { url: o.homepage, kind: "frontpage" },
      });
      if (!lease.taken) throw new Error(`${o.domain} not taken at ${new Date(at).toISOString()}`);
      await releaseSite(db, {
        domain: o.domain,
        workerId: "bench",
        endedAt: at + 300,
        gapMs: 0,
        change: { consecutiveFailures: 0 },
        logId: lease.logId,
        end: { startedAt: at, status: 200, bytes: 350_000, durationMs: 300, outcome: "ok", url: o.homepage },
      });
    },
  },
  {
    label: "fetch log: a request not sent (robots.txt)",
    run: (db, at, o) =>
      logRequest(db, {
        at,
        domain: o.domain,
        url: `${o.homepage}privado`,
        kind: "article",
        bytes: 0,
        durationMs: 0,
        outcome: "robots-disallowed",
        workerId: "bench",
      }),
  },
  {
    label: "recordCapture (successful capture, in its transaction)",
    run: async (db, at, o, i) => {
      const ids = o.articleIds;
      // Now and then the top two swap: a span ends and one opens, as on a live front page.
      const order = i % 4 === 0 ? [ids[1]!, ids[0]!, ...ids.slice(2)] : ids;
      return db.transaction((tx) =>
        recordCapture(tx, { outletId: o.id, at, renderMode: "static", ranks: order.map((articleId, k) => ({ articleId, rank: k + 1 })) }),
      );
    },
  },
  {
    label: "recordFailedCapture",
    run: (db, at, o) => recordFailedCapture(db, { outletId: o.id, at, outcome: "timeout", renderMode: "static" }),
  },
  {
    label: "recordProbe",
    run: (db, at, o) => recordProbe(db, { domain: o.domain, outletId: o.id, url: o.homepage, at, status: 403, answered: false }),
  },
];

/** The outlets with their site and front-page source, and `RANKED` articles each for the captures. */
export async function benchOutlets(db: Db, at: number): Promise<Outlet[]> {
  await db.execute(sql`
    insert into articles (outlet_id, url, first_seen_at, first_seen_in, site_domain)
    select o.id, o.homepage || 'portada/' || k, ${sqlTime(at)}, 'frontpage', s.site_domain
    from outlets o join sources s on s.outlet_id = o.id and s.kind = 'frontpage', generate_series(1, ${RANKED}) k`);
  const rows = await db.execute<{ id: number; domain: string; homepage: string; source_id: number; article_ids: number[] }>(sql`
    select o.id, s.site_domain as domain, o.homepage, s.id as source_id, (select array_agg(a.id order by a.id) from articles a where a.outlet_id = o.id) as article_ids
    from outlets o join sources s on s.outlet_id = o.id and s.kind = 'frontpage' order by o.id`);
  return rows.map((r) => ({
    id: r.id,
    domain: r.domain,
    homepage: r.homepage,
    frontSourceId: r.source_id,
    articleIds: r.article_ids.map(Number),
  }));
}
