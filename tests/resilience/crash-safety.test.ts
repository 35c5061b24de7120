/**
 * Crash safety, short version for CI (SPEC SCH-4, OPS-2, POL-1): the real
 * worker crawls the simulated web and is killed with SIGKILL three times, 3–6 s (random)
 * after each start's first request, each time restarted at once; an uninterrupted worker crawls an identical simulated web over the
 * same simulated period (both runs start together on one clock origin). Afterwards:
 * - no duplicate rows by the unique keys, no overlapping rank spans, no duplicate work
 *   (crash-checks.ts `duplicateWork`);
 * - no pacing violation in the killed run's access log, across the restarts;
 * - what the simulated web served is stored, exactly, but for what only the dead worker's
 *   unfinished jobs received (crash-checks.ts `servedVsStored`);
 * - the same articles and headline versions as the uninterrupted run.
 * The comparison covers articles published between 15 min after the start (the later of the
 * two runs' first requests: worker start-up is not part of the period) and 25 min before the
 * end, and before the killed run's last answered feed or sitemap poll of their site (what was
 * published while no worker ran is still listed afterwards, so the downtime itself excuses
 * nothing; but a restarted worker catches up site by site, and on a busy machine its last
 * poll of a site may come early). Headline versions are required where they were live ≥ 35
 * simulated minutes while the site was being polled — longer than any feed or sitemap
 * interval (a shorter-lived one may fall between two polls of either run); from each kill to
 * the site's next answered listing poll is that site's downtime, and what only it showed is
 * excused. The dead worker's leases are released once it has exited (crash-run.ts): the
 * product hands its jobs back once its heartbeat is two minutes stale and lets its site
 * leases run out after 90 s (real time, whatever the clock scale), which a 90-second test
 * cannot wait for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pacingViolations, robotsNotFirst } from "../support/access-log-checks";
import {
  downtimes,
  duplicateWork,
  explain,
  explainServed,
  integrity,
  missing,
  mustHaveSeen,
  servedVsStored,
  siteDowntimes,
  type Period,
  type Recorded,
} from "./crash-checks";
import { articleDifferences, pairedRuns, type PairedRuns, type Side } from "./paired-runs";

const SCALE = 200;
const OUTLETS = 8;

let calm: Side;
let killed: Side;
let a: Recorded;
let b: Recorded;
let period: Period;
let polls: Map<string, number[]>;
let runs: PairedRuns | undefined;

beforeAll(async () => {
  // Kills come 3–6 s (10–20 simulated minutes) after each worker's first request: mid-fetch,
  // mid-transaction, wherever it is.
  runs = await pairedRuns({ scale: SCALE, outlets: OUTLETS, upMs: [3_000, 6_000], tailMs: 10_000 }, { kills: 3 });
  ({ calm, killed, period, polls, a, b } = runs);
}, 150_000);

afterAll(async () => {
  await runs?.close();
});

describe("a worker killed with SIGKILL three times and restarted (SPEC SCH-4, OPS-2)", () => {
  it("SCH-4: survived three kills, and crawled after each restart", () => {
    expect(killed.run.kills).toHaveLength(3);
    expect(killed.run.starts).toBe(4);
    expect(calm.run.starts).toBe(1);
    const log = killed.run.sim.accessLog();
    for (const kill of killed.run.kills) expect(log.some((e) => e.simTime > kill.simTime + 60_000)).toBe(true);
    console.log(
      `crash-safety: ${killed.run.kills.map((k) => `kill at sim +${Math.round((k.simTime - killed.run.startSim) / 60_000)} min: ${k.releasedClaims} claims released, sites held ${k.heldSites.join(" ") || "none"}`).join("; ")}`,
    );
  });

  it("SCH-4: no duplicate articles or headline versions, no overlapping rank spans", async () => {
    expect(await integrity(killed.database)).toEqual({ duplicateArticles: 0, duplicateVersions: 0, overlappingSpans: 0 });
    expect(await integrity(calm.database)).toEqual({ duplicateArticles: 0, duplicateVersions: 0, overlappingSpans: 0 });
  });

  it("POL-1, OPS-2: across the restarts, requests to one site never overlap and start at least 3 s apart", () => {
    expect(pacingViolations(killed.run.sim.accessLog(), 3000)).toEqual([]);
    expect(robotsNotFirst(killed.run.sim.accessLog())).toEqual([]);
  });

  it("SCH-3, SCH-4: no duplicate work across the restarts but the dead worker's unfinished jobs, redone", async () => {
    const dup = await duplicateWork(killed.database, killed.run);
    console.log(`crash-safety: duplicate work ${dup.repeats.length}; redone after a kill ${dup.redone.length}`);
    expect(dup.repeats).toEqual([]);
    expect((await duplicateWork(calm.database, calm.run)).repeats).toEqual([]);
  });

  it("STO-1: what the simulated web served is stored, exactly, but for what only the dead worker's unfinished jobs received", async () => {
    for (const [name, r] of [
      ["killed", killed],
      ["uninterrupted", calm],
    ] as const) {
      const got = await servedVsStored(r.database, r.run);
      expect(got.servedDocuments).toBeGreaterThan(100);
      console.log(
        `crash-safety: ${name}: ${got.servedDocuments} documents served; worker problems logged ${r.run.problems.length}${r.run.problems.length ? `, first: ${r.run.problems[0]}` : ""}`,
      );
      const why = await Promise.all(got.lostArticles.slice(0, 3).map((url) => explainServed(r.database, r.run, url)));
      expect(
        { ...got, servedDocuments: 0, excusedDocuments: 0 },
        `${name}\n${why.join("\n")}\nworker problems:\n${r.run.problems.slice(0, 20).join("\n")}`,
      ).toEqual({
        lostArticles: [],
        lostVersions: [],
        inventedArticles: [],
        inventedVersions: [],
        servedDocuments: 0,
        excusedDocuments: 0,
      });
    }
  });

  it("SCH-4: the same articles as the uninterrupted run over the same simulated period", async () => {
    console.log(`crash-safety: compared ${a.articles.size} articles (${a.rows} rows) against ${b.articles.size} (${b.rows} rows)`);
    expect(a.articles.size).toBeGreaterThan(20);
    const { lost, why, extra, unreal } = await articleDifferences(runs!);
    expect(lost, why.join("\n")).toEqual([]);
    // The other way round a run may be luckier by a poll (pacing is random): what only the
    // interrupted run has must still be real articles of the simulated web, and few.
    expect(unreal).toEqual([]);
    expect(extra.length).toBeLessThanOrEqual(Math.ceil(a.articles.size * 0.02));
  });

  it("SCH-4: every headline version live long enough while a worker ran is recorded, as in the uninterrupted run", async () => {
    const down = downtimes(killed.run);
    const required = mustHaveSeen(calm.run, period, a.articles);
    const requiredKilled = mustHaveSeen(killed.run, period, b.articles, siteDowntimes(killed.run, polls));
    console.log(
      `crash-safety: downtime ${down.map(([x, y]) => `${Math.round((y - x) / 60_000)} min`).join(" + ")}; headline versions required ${required.size} (uninterrupted) / ${requiredKilled.size} (killed); recorded ${a.versions.size} / ${b.versions.size}`,
    );
    expect(requiredKilled.size).toBeGreaterThan(10);
    const lost = missing(requiredKilled, b.versions);
    const why = await Promise.all(lost.slice(0, 3).map((v) => explain(killed.database, killed.run, v.slice(0, v.indexOf("\t")))));
    expect({ calm: missing(required, a.versions), killed: lost }, why.join("\n")).toEqual({ calm: [], killed: [] });
  });
});
