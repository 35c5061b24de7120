/**
 * Wiring of the crawl pipeline from its parts (STYLE.md §13): the HTTP fetcher, the Web
 * Bot Auth signer, the polite client and the source jobs. Used by the worker's entry point
 * and by tests that run the real worker in-process.
 */
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import { createHttpFetcher } from "./fetch/http";
import { loadOrCreateSigningKey } from "./fetch/keys";
import { signRequest } from "./fetch/signature";
import { createSourcePipeline, type Collect } from "./jobs/poll-source";
import type { Pipeline } from "./pipeline";
import { createPoliteClient } from "./politeness/client";
import { siteOf } from "./politeness/site";

/** Build the pipeline a worker runs. */
export async function createCrawlPipeline(p: { config: Config; db: Db; clock: Clock; workerId: string; collect?: Collect }): Promise<Pipeline> {
  const { config, db, clock, workerId } = p;
  const key = await loadOrCreateSigningKey(config.dataDir);
  // ID-3 needs an https origin for Signature-Agent; a plain-http deployment (a local demo) sends no signature.
  const signatureAgent = new URL(config.siteUrl).protocol === "https:" ? new URL(config.siteUrl).origin : undefined;
  const fetcher = createHttpFetcher({ config, clock, refuseUnlisted: config.onlyResolved });
  const client = createPoliteClient({
    db, clock, fetcher, workerId, siteOf,
    productToken: config.bot.productToken,
    sign: signatureAgent ? (url, now) => ({ ...signRequest({ url, key, signatureAgent, now }) }) : undefined,
    pacing: { minMs: config.politeness.pacingMinMs, maxMs: config.politeness.pacingMaxMs },
    maxRedirects: config.politeness.maxRedirects,
    // Real seconds of an exchange are `scale` times more clock time under a scaled clock.
    leaseMs: (config.politeness.totalTimeoutMs + 60_000) * config.time.scale,
    on4xx: config.politeness.robots4xx === "allow-all" ? "allow-all" : "disallow-all",
  });
  return createSourcePipeline({ db, clock, client, siteOf, collect: p.collect, probeIntervalMs: config.politeness.probeIntervalMs });
}
