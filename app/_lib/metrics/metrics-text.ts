/**
 * The Prometheus text of the crawler's figures (SPEC OPS-5), drawn with prom-client into a
 * registry made for each scrape: the figures come from the database (db/queries/admin/metrics.ts),
 * not from counters in this process, so every renderer answers the same.
 */
import { Gauge, Registry } from "prom-client";
import type { CurrentMetrics } from "../../../db/queries/admin/metrics";
import { RATE_WINDOW_MINUTES } from "../../../db/queries/admin/metrics";

/** The exposition format's content type. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

type Figure = [name: string, help: string, value: (m: CurrentMetrics) => number];

const window = `, averaged over the last ${RATE_WINDOW_MINUTES} minutes`;
const FIGURES: Figure[] = [
  ["hemeroscopio_crawler_bytes_per_minute", `Bytes received by the crawler per minute${window}.`, (m) => m.bytesPerMinute],
  [
    "hemeroscopio_crawler_blocks_per_minute",
    `Requests refused by a site (blocked or challenged) per minute${window}.`,
    (m) => m.blocksPerMinute,
  ],
  ["hemeroscopio_sites_closed", "Sites whose resources are closed to the crawler (401/403 or a challenge).", (m) => m.closedSites],
  ["hemeroscopio_polls_late", "Polls that could run but are over a minute past their due time.", (m) => m.latePolls],
  ["hemeroscopio_poll_lag_seconds", "How late the latest of those polls is, in seconds (0 when none is late).", (m) => m.maxLagSeconds],
  ["hemeroscopio_workers_alive", "Crawler workers with a heartbeat in the last two minutes.", (m) => m.workersAlive],
  [
    "hemeroscopio_sources_failing_extraction",
    "Active sources whose latest answered poll failed to extract.",
    (m) => m.sourcesFailingExtraction,
  ],
  [
    "hemeroscopio_failed_extractions_per_minute",
    `Front-page captures whose extraction failed, per minute${window}.`,
    (m) => m.failedExtractionsPerMinute,
  ],
];

/** `m` as Prometheus text (version 0.0.4). */
export async function metricsText(m: CurrentMetrics): Promise<string> {
  const registry = new Registry();
  const requests = new Gauge({
    name: "hemeroscopio_crawler_requests_per_minute",
    help: `Requests made (or decided against) by the crawler per minute, by outcome${window}.`,
    labelNames: ["outcome"],
    registers: [registry],
  });
  for (const r of m.requestsPerMinute) requests.set({ outcome: r.outcome }, r.perMinute);
  for (const [name, help, value] of FIGURES) new Gauge({ name, help, registers: [registry] }).set(value(m));
  const tables = new Gauge({
    name: "hemeroscopio_database_table_bytes",
    help: "Size of each table on disk, with its indexes and TOAST.",
    labelNames: ["table"],
    registers: [registry],
  });
  for (const t of m.tableBytes) tables.set({ table: t.table }, t.bytes);
  return registry.metrics();
}
