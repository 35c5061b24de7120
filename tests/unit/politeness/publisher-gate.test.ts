import { describe, expect, it } from "vitest";
import { gateInOrder, type Gate } from "../../../crawler/politeness/gates";
import { publisherPolicyGate } from "../../../crawler/politeness/publisher-gate";
import type { Job } from "../../../crawler/schedule/claim";
import { makePolicies, type Scope } from "../../../lib/policy";

const inner: Gate = async () => ({ kind: "go" });
const kinds: Job["kind"][] = ["feed", "sitemap", "frontpage", "legal", "article"];
const job = (kind: Job["kind"]): Job => ({
  sourceId: 1,
  outletId: 7,
  outletSlug: "x",
  timezone: "Europe/Madrid",
  kind,
  url: "https://x.test/",
  intervalMinutes: 10,
  etag: null,
  lastModified: null,
  leaseUntil: new Date(0),
});

async function allowed(scope: Scope | undefined, closed = false): Promise<Job["kind"][]> {
  const policies = makePolicies(scope ? [{ outletId: 7, scope }] : [], []);
  const gated = gateInOrder([publisherPolicyGate({ policies: async () => policies, isClosed: async () => closed }), inner]);
  const out: Job["kind"][] = [];
  for (const k of kinds) if ((await gated(job(k), 0)).kind === "go") out.push(k);
  return out;
}

describe("the crawler consults the policy module before every job (PUB-6)", () => {
  it("PUB-1: nothing is requested for an outlet excluded in full", async () => {
    expect(await allowed("total")).toEqual([]);
  });

  it("PUB-1: sin posición stops the front page only", async () => {
    expect(await allowed("sin-posicion")).toEqual(["feed", "sitemap", "legal", "article"]);
  });

  it("PUB-1: sin titulares literales and sin anotación de modelo still collect everything", async () => {
    expect(await allowed("sin-titulares-literales")).toEqual(kinds);
    expect(await allowed("sin-anotacion-de-modelo")).toEqual(kinds);
  });

  it("PUB-3: stop probing skips a closed front page (a probe) but not an open one", async () => {
    expect(await allowed("sin-sondeo", true)).toEqual(["feed", "sitemap", "legal", "article"]);
    expect(await allowed("sin-sondeo", false)).toEqual(kinds);
  });

  it("PUB-7: declined article reads skip an article read already claimed; the hourly slow-downs skip nothing", async () => {
    expect(await allowed("sin-lectura-de-articulos")).toEqual(["feed", "sitemap", "frontpage", "legal"]);
    expect(await allowed("portada-cada-hora")).toEqual(kinds);
    expect(await allowed("fuentes-cada-hora")).toEqual(kinds);
  });

  it("PUB-6: with nothing in force the inner gate decides", async () => {
    expect(await allowed(undefined)).toEqual(kinds);
    const waiting = gateInOrder([
      publisherPolicyGate({ policies: async () => makePolicies([], []), isClosed: async () => false }),
      async () => ({ kind: "wait", until: 5, why: "pacing" }),
    ]);
    expect(await waiting(job("feed"), 0)).toEqual({ kind: "wait", until: 5, why: "pacing" });
  });
});
