/**
 * Wiring of the crawl pipeline from its parts (docs/style.md §13): the HTTP fetcher, the Web
 * Bot Auth signer, the polite client and the source jobs. Used by the worker's entry point
 * and by tests that run the real worker in-process.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import { createLogger, type Logger } from "../lib/log";
import { createBrowserRenderer } from "./fetch/browser";
import { createHttpFetcher } from "./fetch/http";
import type { Fetcher } from "../lib/fetcher";
import { loadOrCreateSigningKey, type SigningKey } from "../lib/web-bot-auth/keys";
import { signRequest } from "../lib/web-bot-auth/signature";
import { createCollector } from "./jobs/collect";
import { createSourcePipeline } from "./jobs/poll-source";
import { createHeadlineAnalyser } from "./derive/analyse-headlines";
import { createArticleReader, type OnOpenBody } from "./jobs/read-article";
import { createSiteDataDeleter } from "./jobs/delete-site-data";
import { createBackupTender } from "./jobs/tend-backups";
import { createBulkTender } from "./jobs/tend-bulk";
import { createLogPruner } from "./jobs/prune-logs";
import { createLeaseReclaimer, DEAD_AFTER_MS } from "./schedule/reclaim-leases";
import { rankProminence } from "./derive/rank-prominence";
import { createStatusKeeper } from "./derive/outlet-status";
import { createRecentFiguresKeeper } from "./derive/outlet-recent-figures";
import { createAnalysisDaysKeeper } from "./derive/analysis-days";
import { createHeadlineChangeCounter } from "./derive/count-headline-changes";
import { createStoryHousekeeping } from "./derive/story-housekeeping";
import { createExclusionVerifier } from "./jobs/verify-exclusions";
import type { Pipeline } from "./schedule/pipeline";
import { closedSourceGate } from "./politeness/closed-gate";
import { jobGate } from "./politeness/gates";
import { cachedPolicies, closedSourceCheck, publisherPolicyGate } from "./politeness/publisher-gate";
import { createPoliteClient } from "./politeness/polite-client";
import { withSlowDown } from "./schedule/slow-down";
import { siteOf } from "../lib/registrable-domain";

/** Prominence steps a housekeeping round takes at most (each up to 300 captures per outlet). */
const PROMINENCE_STEPS = 20;

/**
 * The polite client as the worker builds it, over `fetcher`: our identity, the Web Bot Auth
 * signature, the configured pacing, redirects and robots policy. Also used by
 * `npm run outlets -- check`, so that a check obeys exactly the crawler's gates.
 */
export function politeClientFor(p: { config: Config; db: Db; clock: Clock; workerId: string; fetcher: Fetcher; key: SigningKey }) {
  const { config, key } = p;
  // ID-3 needs an https origin for Signature-Agent; a plain-http deployment (a local demo) sends no signature.
  const signatureAgent = new URL(config.siteUrl).protocol === "https:" ? new URL(config.siteUrl).origin : undefined;
  return createPoliteClient({
    db: p.db,
    clock: p.clock,
    fetcher: p.fetcher,
    workerId: p.workerId,
    siteOf,
    productToken: config.bot.productToken,
    sign: signatureAgent ? (url, now) => ({ ...signRequest({ url, key, signatureAgent, now }) }) : undefined,
    pacing: { minMs: config.politeness.pacingMinMs, maxMs: config.politeness.pacingMaxMs },
    maxRedirects: config.politeness.maxRedirects,
    // Real seconds of an exchange are `scale` times more clock time under a scaled clock.
    exchangeMs: config.politeness.totalTimeoutMs * config.time.scale,
    leaseMarginMs: 60_000 * config.time.scale,
    on4xx: config.politeness.robots4xx === "allow-all" ? "allow-all" : "disallow-all",
  });
}

/** Build the pipeline a worker runs: source polls and article reads, dispatched by job kind. */
export async function createCrawlPipeline(p: {
  config: Config;
  db: Db;
  clock: Clock;
  workerId: string;
  onOpenBody?: OnOpenBody;
  log?: Logger;
}): Promise<Pipeline> {
  const { config, db, clock, workerId } = p;
  const log = p.log ?? createLogger({ component: "worker", write: () => {} });
  const key = await loadOrCreateSigningKey(config.dataDir);
  const fetcher = createHttpFetcher({ config, clock, refuseUnlisted: config.onlyResolved });
  // Browser mode (EXT-3): our fetcher fetches the document, Chromium only lays it out
  // (no network of its own), so robots, pacing, limits and identity are the same.
  const renderer = createBrowserRenderer({ config, clock, fetcher });
  const clientWith = (f: Fetcher) => politeClientFor({ config, db, clock, workerId, fetcher: f, key });
  const client = clientWith(fetcher);
  const browserClient = clientWith(renderer.fetcher);
  const now = () => clock.now();
  // Outlet facts the jobs need on every capture, re-read every 5 minutes so an operator's edit
  // (home page, render mode) reaches a running worker without a restart.
  const outletSites = new Map<number, { at: number; facts: Promise<{ site: string; renderMode: "static" | "browser" }> }>();
  const outletOf = (id: number) => {
    let known = outletSites.get(id);
    if (!known || now() - known.at > 5 * 60_000) {
      const facts = db
        .execute<{ homepage: string; render_mode: "static" | "browser" }>(sql`select homepage, render_mode from outlets where id = ${id}`)
        .then(([row]) => ({ site: siteOf(row!.homepage), renderMode: row!.render_mode }));
      known = { at: now(), facts };
      outletSites.set(id, known);
    }
    return known.facts;
  };
  const collect = createCollector({
    db,
    client,
    now,
    siteOf,
    outletSite: async (id) => (await outletOf(id)).site,
    boxesOf: (result) => renderer.details(result)?.boxes,
  });
  const sources = createSourcePipeline({
    db,
    clock,
    client,
    browserClient,
    renderModeOf: async (id) => (await outletOf(id)).renderMode,
    siteOf,
    collect,
    probeIntervalMs: config.politeness.probeIntervalMs,
    frontPageRule: { minutes: config.schedule.frontPageMinutes, nightHours: config.schedule.nightHours },
  });
  const articles = createArticleReader({
    db,
    client,
    now,
    siteOf,
    productToken: config.bot.productToken,
    dailyBudget: config.schedule.articleDailyBudget,
    onOpenBody: p.onOpenBody,
  });
  const verifier = createExclusionVerifier({ db, client, now });
  const deleter = createSiteDataDeleter({ db, now, productToken: config.bot.productToken });
  const headlines = createHeadlineAnalyser({ db, now, policies: cachedPolicies(db, now) });
  const stories = createStoryHousekeeping({ db, clock });
  const status = createStatusKeeper({ db, now });
  const recentFigures = createRecentFiguresKeeper({ db, now });
  const headlineChanges = createHeadlineChangeCounter({ db, now });
  const analysisDays = createAnalysisDaysKeeper({ db });
  const backups = createBackupTender({ db, now, dir: config.backups.dir, keep: config.backups.keep, log: log.child("backups") });
  const bulk = createBulkTender({ db, now, dir: config.bulk.dir, keepDays: config.bulk.keepDays, log: log.child("bulk") });
  const prune = createLogPruner({ db, now, windows: config.retention, log: log.child("retention") });
  const reclaim = createLeaseReclaimer({ db, now, workerId, deadAfterMs: DEAD_AFTER_MS * config.time.scale });
  // Periodic work, in order: dead workers' jobs handed back, exclusion tokens, the deletions they call for and the
  // backups and bulk files that still hold deleted data, the logs past their window (STO-6), then analysis (STO-4 before DER-*;
  // prominence, DER-9, the articles' headline-change counts, DER-6, and the days whose headline analysis changed,
  // DER-1 and DER-4, a bounded number of steps a round so that a backlog never holds the rest up; then the outlets' status the public pages read, db/queries/site/outlet-status.ts, and the outlet page's
  // recent front-page figures, db/figures/outlet-recent-figures.ts). A worker
  // started with HEMEROSCOPIO_WORKER_ANALYSIS=false leaves the analysis to the workers that run it.
  const analysis = [
    (s: AbortSignal) => headlines.analyse(s),
    () => stories(),
    (s: AbortSignal) => rankProminence(db, { maxSteps: PROMINENCE_STEPS, signal: s }),
    (s: AbortSignal) => headlineChanges(s),
    (s: AbortSignal) => analysisDays(s),
    () => status(),
    () => recentFigures(),
  ];
  const chores = [
    () => reclaim(),
    (s: AbortSignal) => verifier.verifyDue(s),
    (s: AbortSignal) => deleter.deleteDue(s),
    () => backups(),
    () => bulk(),
    () => prune(),
    ...(config.schedule.workerAnalysis ? analysis : []),
  ];
  // Publishers' requests in force, re-read every minute: the gate and the slow-down rule read one copy.
  const inForce = cachedPolicies(db, now);
  return {
    // The job's checks, run in the order of crawler/politeness/gates.ts; the client applies the rest to every request.
    gate: jobGate({
      publishers: publisherPolicyGate({ policies: inForce, isClosed: closedSourceCheck(db) }),
      closed: closedSourceGate({ db, siteOf, probeEveryMs: config.politeness.probeIntervalMs }),
    }),
    // PUB-7: a publisher's "slow down" request spaces the next poll.
    run: withSlowDown((job, signal) => (job.kind === "article" ? articles : sources).run(job, signal), { policies: inForce, now }),
    housekeeping: async (signal) => {
      let done = 0;
      for (const chore of chores) done += await chore(signal);
      return done;
    },
    close: () => renderer.close(),
  };
}
