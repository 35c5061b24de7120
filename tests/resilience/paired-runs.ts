/**
 * The resilience tests' common setup (SPEC SCH-4): a crawl whose worker is killed and
 * restarted, beside an uninterrupted single worker on an identical simulated web over
 * the same simulated period, each on its own database, and what each recorded in the
 * period both ran.
 */
import type { Database } from "../../db/client";
import { createTestDatabase } from "../support/database";
import { commonPeriod, explain, listingPolls, missing, recorded, type Period, type Recorded } from "./crash-checks";
import { crawlWithKills, type CrashRun, type CrashRunOptions } from "./crash-run";

/** One of the two runs and its database. */
export interface Side {
  run: CrashRun;
  database: Database;
}

export interface PairedRuns {
  /** The uninterrupted single worker. */
  calm: Side;
  /** The run with kills. */
  killed: Side;
  /** From the later first request to the earlier end. */
  period: Period;
  /** The killed run's feed and sitemap polls per site. */
  polls: Map<string, number[]>;
  /** What the calm (`a`) and the killed (`b`) run recorded in the period. */
  a: Recorded;
  b: Recorded;
  close(): Promise<void>;
}

/** Run both: `killed` adds the kills (and e.g. several workers) to the options they share. */
export async function pairedRuns(
  common: Omit<CrashRunOptions, "database" | "kills" | "origin">,
  killed: Pick<CrashRunOptions, "kills"> & Partial<Pick<CrashRunOptions, "workers" | "midJob">>,
): Promise<PairedRuns> {
  const [dbA, dbB] = await Promise.all([createTestDatabase(4), createTestDatabase(4)]);
  const shared = { ...common, origin: Date.now() };
  const runB = crawlWithKills({ ...shared, ...killed, database: dbB });
  // The uninterrupted run stops when the killed one does.
  const runA = crawlWithKills({ ...shared, database: dbA, kills: 0, tailMs: 0, until: runB });
  const calm = { run: await runA, database: dbA };
  const hit = { run: await runB, database: dbB };
  const period = commonPeriod(calm.run, hit.run);
  const polls = await listingPolls(dbB);
  return {
    calm,
    killed: hit,
    period,
    polls,
    a: await recorded(dbA, calm.run, period, polls),
    b: await recorded(dbB, hit.run, period, polls),
    async close() {
      await calm.run.sim.close();
      await hit.run.sim.close();
      await dbA.close();
      await dbB.close();
    },
  };
}

/** How the killed run's articles differ from the calm run's, in the period both ran. */
export interface ArticleDifferences {
  /** Articles the calm run has and the killed run lost, with why for the first three. */
  lost: string[];
  why: string[];
  /** Articles only the killed run has (it may be luckier by a poll: pacing is random)… */
  extra: string[];
  /** …of which these are no article of the simulated web at all. */
  unreal: string[];
}

export async function articleDifferences(runs: Pick<PairedRuns, "killed" | "a" | "b">): Promise<ArticleDifferences> {
  const { killed, a, b } = runs;
  const url = (key: string) => key.slice(key.indexOf(" ") + 1);
  const lost = missing(a.articles, b.articles);
  const extra = missing(b.articles, a.articles);
  return {
    lost,
    extra,
    why: await Promise.all(lost.slice(0, 3).map((key) => explain(killed.database, killed.run, url(key)))),
    unreal: extra.filter((key) => !killed.run.sim.truth.articleByUrl(url(key))),
  };
}
