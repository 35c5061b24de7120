/**
 * One poll of a source (feed, sitemap, front page, legal notice) through the polite
 * client, and what its outcome means for the source (SPEC BLK-1, BLK-2, BLK-5, BLK-6,
 * POL-4): validators kept for the next conditional request; 401/403 and challenge pages
 * close the resource; a closed front page is only probed, once per site per hour; a
 * failing feed or sitemap pauses 1 h doubling to 6 h and is flagged dead after 7 days.
 * The response body goes to `collect` (the parse → record stages) and nowhere else.
 */
import type { Db } from "../../db/client";
import { fromSqlTime } from "../../db/sql-time";
import type { Clock } from "../../lib/clock";
import type { FetchKind, FetchResult } from "../../lib/fetcher";
import type { JobOutcome, Pipeline } from "../schedule/pipeline";
import type { PoliteClient } from "../politeness/polite-client";
import { feedBackoff } from "../politeness/retry-after";
import { recordConfirmedCapture } from "../record/confirmed-capture";
import { recordFailedCapture } from "../record/frontpage";
import { sourceState } from "../politeness/source-state";
import { claimProbe, countUnchangedCapture, recordProbe, recordSourceClosed, recordSourceFailure } from "../record/sources";
import type { Job } from "../schedule/claim";
import { frontPageIntervalMinutes, type FrontPageRule } from "../schedule/frontpage-interval";

/**
 * The parse → record stages for a fetched body; text must not outlive this call. Says whether
 * a front page's top positions changed, or that the extraction failed (EXT-6: recorded as such).
 */
export type Collect = (
  job: Job,
  response: { finalUrl: string; result: FetchResult },
  signal?: AbortSignal,
) => Promise<{ changed?: boolean; extractionFailed?: boolean }>;

/** Dependencies of the source pipeline. */
export interface SourcePipelineOptions {
  db: Db;
  clock: Clock;
  client: PoliteClient;
  /** The client whose fetcher renders in Chromium, for front pages of browser-mode outlets. */
  browserClient?: PoliteClient;
  renderModeOf?: (outletId: number) => Promise<"static" | "browser">;
  siteOf: (host: string) => string;
  collect?: Collect;
  /** BLK-2. @default 3_600_000 */
  probeIntervalMs?: number;
  /** SCH-2. @default DEFAULT_FRONTPAGE_RULE */
  frontPageRule?: FrontPageRule;
}

const KIND: Record<Exclude<Job["kind"], "article">, FetchKind> = { feed: "feed", sitemap: "sitemap", frontpage: "page", legal: "legal" };

/** The source's failure state: as the claim returned it, else read (a job made by hand). */
async function pastPolls(db: Db, job: Job, domain: string): Promise<NonNullable<Job["state"]>> {
  if (job.state) return job.state;
  const s = await sourceState(db, { sourceId: job.sourceId, domain });
  return {
    closedSince: fromSqlTime(s.closed_since),
    consecutiveFailures: s.consecutive_failures,
    failingSince: fromSqlTime(s.failing_since),
  };
}

/** The run stage of source polls (their gate is crawler/politeness/closed-gate.ts). */
export function createSourcePipeline(o: SourcePipelineOptions): Pick<Pipeline, "run"> {
  const probeEvery = o.probeIntervalMs ?? 3_600_000;
  const domainOf = (job: Job) => o.siteOf(new URL(job.url).hostname);

  /** SCH-2: the next capture follows the change-driven, night-aware rule; a failed extraction (`undefined`) says nothing of change. */
  async function nextCapture(job: Job, now: number, changed: boolean | undefined): Promise<number> {
    const unchangedCaptures = await countUnchangedCapture(o.db, { sourceId: job.sourceId, changed });
    return now + frontPageIntervalMinutes({ at: now, timeZone: job.timezone, unchangedCaptures, rule: o.frontPageRule }) * 60_000;
  }

  return {
    async run(job: Job, signal: AbortSignal): Promise<JobOutcome> {
      const domain = domainOf(job);
      const before = await pastPolls(o.db, job, domain);
      const probing = job.kind === "frontpage" && before.closedSince !== undefined;
      if (probing) {
        // One probe per site per hour, whichever worker gets there first.
        if (!(await claimProbe(o.db, { domain, now: o.clock.now(), everyMs: probeEvery })))
          return { outcome: "probe-taken", nextDueAt: o.clock.now() + probeEvery };
      }
      const renderMode = job.kind === "frontpage" ? ((await o.renderModeOf?.(job.outletId)) ?? "static") : "static";
      const client = renderMode === "browser" && o.browserClient ? o.browserClient : o.client;
      // The client writes the source's success (failure state cleared; a 304's validators) with the site's release.
      const response = await client.request(
        {
          url: job.url,
          kind: probing ? "probe" : KIND[job.kind === "article" ? "frontpage" : job.kind],
          etag: job.etag ?? undefined,
          lastModified: job.lastModified ?? undefined,
          sourceId: job.sourceId,
        },
        signal,
      );
      const now = o.clock.now();
      const interval = job.intervalMinutes * 60_000;

      if (!response.sent) {
        if (response.outcome === "backoff") return { outcome: "backoff", nextDueAt: Math.max(response.until ?? now, now + interval) };
        return { outcome: response.outcome };
      }
      const { result, outcome } = response;
      if (probing) {
        await recordProbe(o.db, {
          domain,
          outletId: job.outletId,
          url: job.url,
          at: result.startedAt,
          status: result.status ?? null,
          answered: outcome === "ok",
        });
      }
      if (outcome === "ok" || outcome === "not-modified") {
        // A front page's 304 is a capture of the list its previous capture read (STO-1).
        const collected: Awaited<ReturnType<Collect>> | undefined =
          outcome === "ok"
            ? await o.collect?.(job, response, signal)
            : job.kind === "frontpage"
              ? await recordConfirmedCapture(o.db, { outletId: job.outletId, at: now, renderMode })
              : undefined;
        // POL-4: the validators of a 200 are stored with the job's completion, once what it showed is recorded.
        const etag = result.headers.etag ?? null;
        const lastModified = result.headers["last-modified"] ?? null;
        const changed = outcome === "ok" && ((etag ?? job.etag) !== job.etag || (lastModified ?? job.lastModified) !== job.lastModified);
        // A failed extraction keeps no validators: the next poll reads the page in full again (the extractor may cope by then).
        const validators = changed && !collected?.extractionFailed ? { validators: { etag, lastModified } } : {};
        // EXT-6: the job's outcome says so (log); the source's schedule is that of an answered poll.
        const answered = collected?.extractionFailed ? "extraction-failed" : probing ? "reopened" : outcome;
        if (job.kind === "frontpage") {
          return {
            outcome: answered,
            nextDueAt: await nextCapture(job, now, collected?.extractionFailed ? undefined : (collected?.changed ?? false)),
            ...validators,
          };
        }
        return { outcome: answered, ...validators };
      }
      if (outcome === "blocked" || outcome === "challenge") {
        await recordSourceClosed(o.db, {
          sourceId: job.sourceId,
          now,
          startProbeClockOf: job.kind === "frontpage" && !probing ? domain : undefined,
        });
        return { outcome, nextDueAt: job.kind === "frontpage" ? now + probeEvery : now + interval };
      }
      if (job.kind === "frontpage" && !probing) await recordFailedCapture(o.db, { outletId: job.outletId, at: now, outcome, renderMode });
      if (outcome === "rate-limited") return { outcome };
      // Any other failure of the source itself (BLK-6 for feeds and sitemaps).
      const failingSince = before.failingSince ?? now;
      const pause = job.kind === "feed" || job.kind === "sitemap" ? feedBackoff(before.consecutiveFailures, failingSince, now) : undefined;
      await recordSourceFailure(o.db, { sourceId: job.sourceId, now, pause });
      return { outcome, nextDueAt: pause ? Math.max(now + interval, now + pause.pauseMs) : undefined };
    },
  };
}
