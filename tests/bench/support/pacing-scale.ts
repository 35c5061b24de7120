/**
 * The pacing bench's scale mode (`BENCH_PACING_MODE=scale`): 10,000 simulated sites served
 * by 4 worker processes on one PostgreSQL, side by side with 1,000 sites on the same 4
 * processes. Every site of the larger run has a robots.txt `Crawl-delay` that keeps the
 * request rate that of 1,000 sites at the 4 s mean gap (10,000 sites: 40 s), so what grows
 * is the number of sites the scheduler, the leases and the indexes carry, not the load; and
 * each of its outlets publishes 1,000 ÷ sites of its usual rate, so a poll brings as many new
 * articles as one of the 1,000 sites' polls does (SIM_PUBLISHING), and recording them is the
 * same work per request.
 * Goals (per run): requests ÷ the pacing maximum ≥ 0.9 and no pacing violation (a start
 * closer than the Crawl-delay, or 3 s, to the previous one on the site); and for the
 * larger run, CPU and database round trips per 1,000 requests within 1.2× of the 1,000-site run.
 * The simulator's own CPU and answer times are printed, to show it is not the bottleneck.
 * Both runs give every site the same backlog (BENCH_PACING_FEEDS feeds, 16, each due again a
 * minute after its poll, so a site always has one due) and no article reads (the simulator's
 * article pages are its costliest answers): the claim walks the same sources per site.
 * BENCH_PACING_GAP_S sets the reference mean gap of 1,000 sites (4 s, the default pacing; 16 s puts
 * a Crawl-delay of 16 s on 1,000 sites and 160 s on 10,000: a request rate a small machine serves).
 * Knobs: BENCH_PACING_SITES ("1000,10000"; the first is the reference), BENCH_PACING_WORKERS (4),
 * BENCH_PACING_WINDOW_S (120), BENCH_PACING_WARMUP_S (longest warm-up, 420), BENCH_EXPLAIN_CLAIM=1
 * (EXPLAIN ANALYZE of the claim statements and the next-due query after each window).
 */
import { pacingViolations } from "../../support/access-log-checks";
import { atLeast, exactly, figure, type BenchContext, type Figure } from "../types";
import { fleetWindow, type FleetWindow } from "./fleet-window";
import { pacingUse } from "./pacing-max";

/** The reference rate: 1,000 sites at a mean gap, by default the pacing's own 4 s. */
const REFERENCE_SITES = 1000;
const MEAN_GAP_MS = 4000;

const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });

/**
 * The Crawl-delay (s) that keeps `sites` at the request rate of 1,000 sites at `referenceGapS`
 * (fewer sites keep that gap); none when that is the pacing's own mean gap.
 */
export function crawlDelayFor(sites: number, referenceGapS = MEAN_GAP_MS / 1000): number | undefined {
  const delay = referenceGapS * Math.max(1, sites / REFERENCE_SITES);
  return delay <= MEAN_GAP_MS / 1000 ? undefined : Math.round(delay);
}

interface Measured {
  sites: number;
  made: number;
  cpuPer1000: number;
  tripsPer1000: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function figuresOf(
  sites: number,
  workers: number,
  crawlDelay: number | undefined,
  w: FleetWindow,
  ctx: BenchContext,
): { figures: Figure[]; measured: Measured } {
  const gapMs = crawlDelay === undefined ? MEAN_GAP_MS : crawlDelay * 1000;
  const use = pacingUse(w.log, { sites: w.siteDomains, from: w.from, to: w.to, gapMs });
  // A Crawl-delay is the floor when there is one; otherwise SPEC POL-1's 3 s.
  const violations = pacingViolations(w.log, crawlDelay === undefined ? 3000 : crawlDelay * 1000);
  const windowS = (w.to - w.from) / 1000;
  const answers = w.log
    .filter((e) => e.start >= w.from && e.start < w.to && e.end !== undefined)
    .map((e) => e.end! - e.start)
    .sort((a, b) => a - b);
  const per1000 = (x: number) => (use.made === 0 ? Number.NaN : (x / use.made) * 1000);
  const p = `${sites.toLocaleString("en-US")} sites, ${workers} processes${crawlDelay ? `, Crawl-delay ${crawlDelay} s` : ""}`;
  ctx.progress(
    `${p}: made ${use.made}, maximum ${use.maximum}, idle sites ${use.idleSites}, worker log ${w.logged}, end→start mean ${use.endToStart.mean.toFixed(0)} ms ` +
      `(p95 ${use.endToStart.p95.toFixed(0)}), per-process CPU ${w.cpu.perWorker.map((x) => x.toFixed(1)).join(" / ")} s`,
  );
  // The window in quarters: a ratio that climbs from the first quarter on says the window opened before the steady state.
  const quarter = (w.to - w.from) / 4;
  const quarters = [0, 1, 2, 3].map((q) =>
    pacingUse(w.log, { sites: w.siteDomains, from: w.from + q * quarter, to: w.from + (q + 1) * quarter, gapMs }),
  );
  ctx.progress(
    `${p}: by quarter of the window, made ÷ maximum ${quarters.map((q) => `${q.ratio.toFixed(2)} (${q.made}/${q.maximum})`).join(", ")}; ` +
      `first start in the window late by ${use.firstStartDelay.mean.toFixed(0)} ms on average (p95 ${use.firstStartDelay.p95.toFixed(0)}), end→start p50 ${use.endToStart.p50.toFixed(0)} ms, p99 ${use.endToStart.p99.toFixed(0)} ms`,
  );
  ctx.progress(
    `${p}: PostgreSQL's statements in the window (at least 0.02 a request):\n${w.pgStatements
      .filter((s) => s.calls >= 0.02 * use.made)
      .map(
        (s) =>
          `    ${String(s.calls).padStart(8)} calls ${(s.calls / Math.max(1, use.made)).toFixed(2).padStart(6)}/req mean ${(s.totalMs / s.calls).toFixed(2).padStart(7)} ms  ${s.query.slice(0, 90)}`,
      )
      .join("\n")}`,
  );
  if (violations.length > 0) ctx.progress(`${p}: first violations ${JSON.stringify(violations.slice(0, 3))}`);
  const measured = {
    sites,
    made: use.made,
    cpuPer1000: per1000(w.cpu.workers),
    tripsPer1000: w.pgCalls < 0 ? Number.NaN : per1000(w.pgCalls),
  };
  return {
    measured,
    figures: [
      figure(`${p}: requests made ÷ pacing maximum`, use.ratio, "ratio", atLeast(0.9)),
      figure(`${p}: pacing violations (overlap, or under the gap)`, violations.length, "pairs", exactly(0)),
      figure(`${p}: requests made / maximum in ${windowS.toFixed(0)} s`, use.made, `of ${use.maximum}`),
      figure(`${p}: workers' CPU per 1,000 requests (all processes)`, measured.cpuPer1000, "CPU s"),
      figure(`${p}: PostgreSQL CPU per 1,000 requests`, per1000(w.cpu.postgres ?? Number.NaN), "CPU s"),
      figure(`${p}: database round trips per 1,000 requests (pg_stat_statements calls)`, measured.tripsPer1000, "statements"),
      figure(`${p}: new articles recorded per 1,000 requests`, per1000(w.articles), "articles"),
      figure(`${p}: simulator CPU`, (w.cpu.simulator ?? Number.NaN) / windowS, "cores"),
      figure(
        `${p}: simulator answer time, mean (p95 ${quantile(answers, 0.95).toFixed(1)}, p99 ${quantile(answers, 0.99).toFixed(1)})`,
        answers.reduce((a, b) => a + b, 0) / Math.max(1, answers.length),
        "ms",
      ),
      figure(`${p}: machine busy (others' CPU ${(w.cpu.others / windowS).toFixed(2)} cores)`, w.cpu.machineBusy, "share of all cores"),
      figure(`${p}: simulator CPU per outlet for its first answer (its world's article windows)`, w.simFirstAnswerCpu * 1000, "ms"),
      figure(`${p}: warm-up`, w.warmUpMs / 1000, w.warmedUp ? "s" : "s (not reached)"),
    ],
  };
}

/** Runs each site count on the same worker processes' count and compares the larger ones with the first. */
export async function runPacingScale(
  ctx: BenchContext,
  o: {
    siteCounts: number[];
    workers: number;
    feeds: number;
    windowMs: number;
    maxWarmUpMs: number;
    explainClaim: boolean;
    referenceGapS: number;
  },
): Promise<Figure[]> {
  const out: Figure[] = [];
  const measured: Measured[] = [];
  for (const sites of o.siteCounts) {
    const crawlDelay = crawlDelayFor(sites, o.referenceGapS);
    // Equal work: sites slowed by a Crawl-delay also publish in proportion, so each poll brings the news one of the reference sites' polls does.
    const publishing = crawlDelay === undefined ? 1 : Math.min(1, REFERENCE_SITES / sites);
    const w = await fleetWindow(ctx, {
      sites,
      feeds: o.feeds,
      workers: o.workers,
      crawlDelay,
      publishing,
      windowMs: o.windowMs,
      maxWarmUpMs: o.maxWarmUpMs,
      explainClaim: o.explainClaim,
    });
    const r = figuresOf(sites, o.workers, crawlDelay, w, ctx);
    out.push(...r.figures);
    measured.push(r.measured);
    // Printed now too, so an interrupted run keeps the figures of the runs it finished.
    ctx.progress(
      r.figures
        .map(
          (f) =>
            `  ${f.label}: ${Number.isInteger(f.value) ? f.value : f.value.toFixed(3)} ${f.unit}${f.bound ? ` (${f.bound} ${f.ok ? "✓" : "✗"})` : ""}`,
        )
        .join("\n"),
    );
  }
  const [reference, ...larger] = measured;
  for (const m of reference ? larger : []) {
    const p = `${m.sites.toLocaleString("en-US")} ÷ ${reference!.sites.toLocaleString("en-US")} sites`;
    out.push(
      figure(`${p}: workers' CPU per 1,000 requests`, m.cpuPer1000 / reference!.cpuPer1000, "×", atMost(1.2)),
      figure(`${p}: database round trips per 1,000 requests`, m.tripsPer1000 / reference!.tripsPer1000, "×", atMost(1.2)),
    );
  }
  return out;
}
