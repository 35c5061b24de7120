import { describe, expect, it } from "vitest";
import { mayRequest, OPEN_POLICY, policyFromScopes, type RequestKind, type Scope } from "../../../lib/policy";
import { slowDownGapMs, slowedNextDueAt, withSlowDown } from "../../../crawler/schedule/slow-down";
import type { Job } from "../../../crawler/schedule/claim";
import { makePolicies } from "../../../lib/policy";

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 10, 9, 0);
const kinds: RequestKind[] = ["feed", "sitemap", "frontpage", "article", "legal", "probe"];

function job(kind: Job["kind"], outletId = 3): Job {
  return {
    sourceId: 1,
    outletId,
    outletSlug: "x",
    timezone: "Europe/Madrid",
    kind,
    url: "https://x.test/",
    intervalMinutes: 15,
    etag: null,
    lastModified: null,
    leaseUntil: new Date(T0),
  };
}

describe("the scheduler under a slow-down request (PUB-7)", () => {
  it("PUB-7: no request in force leaves every gap at zero", () => {
    for (const kind of ["frontpage", "feed", "sitemap", "article", "legal"] as const) expect(slowDownGapMs(OPEN_POLICY, kind)).toBe(0);
  });

  it.each<[Scope, Job["kind"], number]>([
    ["portada-cada-hora", "frontpage", 60 * MIN],
    ["portada-cada-hora", "feed", 0],
    ["portada-cada-hora", "sitemap", 0],
    ["fuentes-cada-hora", "feed", 60 * MIN],
    ["fuentes-cada-hora", "sitemap", 60 * MIN],
    ["fuentes-cada-hora", "frontpage", 0],
    ["fuentes-cada-hora", "legal", 0],
    ["sin-lectura-de-articulos", "frontpage", 0],
  ])("PUB-7: %s spaces %s polls by %d ms", (scope, kind, gap) => {
    expect(slowDownGapMs(policyFromScopes([scope]), kind)).toBe(gap);
  });

  it.each([
    // The change-driven rule said 15 minutes: the request makes it an hour after the poll ended.
    [T0 + 15 * MIN, T0 + 60 * MIN],
    // The night rule (or a back-off) already said later: that stands.
    [T0 + 90 * MIN, T0 + 90 * MIN],
  ])("PUB-7: the front page's next poll is at least an hour after the last (schedule said %d)", (nextDueAt, expected) => {
    expect(slowedNextDueAt({ policy: policyFromScopes(["portada-cada-hora"]), kind: "frontpage", endedAt: T0, nextDueAt })).toBe(expected);
  });

  it("PUB-7: without a request the schedule's own next time is kept", () => {
    expect(slowedNextDueAt({ policy: OPEN_POLICY, kind: "frontpage", endedAt: T0, nextDueAt: T0 + 15 * MIN })).toBe(T0 + 15 * MIN);
  });

  it("PUB-7: declined article reads refuse article requests only; the other slow-downs refuse nothing", () => {
    expect(kinds.filter((k) => !mayRequest(policyFromScopes(["sin-lectura-de-articulos"]), k))).toEqual(["article"]);
    expect(kinds.every((k) => mayRequest(policyFromScopes(["portada-cada-hora", "fuentes-cada-hora"]), k))).toBe(true);
    expect(policyFromScopes(["total"]).articleReads).toBe(false);
  });

  it("PUB-7: the wrapped run moves a job's next due time, also when the job named none", async () => {
    const policies = makePolicies(
      [
        { outletId: 3, scope: "portada-cada-hora" },
        { outletId: 3, scope: "fuentes-cada-hora" },
      ],
      [],
    );
    const now = T0 + 2 * MIN;
    const run = withSlowDown(async (j) => (j.kind === "frontpage" ? { outcome: "ok", nextDueAt: now + 15 * MIN } : { outcome: "ok" }), {
      policies: async () => policies,
      now: () => now,
    });
    const signal = new AbortController().signal;
    expect((await run(job("frontpage"), signal)).nextDueAt).toBe(now + 60 * MIN);
    expect((await run(job("feed"), signal)).nextDueAt).toBe(now + 60 * MIN);
    // Another outlet, with nothing in force, is untouched.
    expect(await run(job("frontpage", 4), signal)).toEqual({ outcome: "ok", nextDueAt: now + 15 * MIN });
    expect(await run(job("feed", 4), signal)).toEqual({ outcome: "ok" });
  });
});
