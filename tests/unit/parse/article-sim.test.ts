import { describe, expect, it, vi } from "vitest";
import { extractArticle } from "@/crawler/parse/article/article";
import { articleResponse } from "@/tests/sim/content";
import type { SimRequest, SimResponse } from "@/tests/sim/http-types";
import { simOutlets, type SimOutlet } from "@/tests/sim/outlets";
import { loginWall } from "@/tests/sim/scenarios/login-wall";
import { tdm } from "@/tests/sim/scenarios/signals";
import { createTruth } from "@/tests/sim/truth";
import { createWorld, type SimArticle } from "@/tests/sim/world";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const outlets = simOutlets(30);
const world = createWorld(11, outlets);
const truth = createTruth(world);
const NOW = Date.parse("2025-03-10T12:00:00Z");

function requestAt(outlet: SimOutlet, now: number): SimRequest {
  return {
    method: "GET",
    host: outlet.hosts.www,
    path: "/",
    query: new URLSearchParams(),
    headers: {},
    now,
    signal: new AbortController().signal,
    robots: {} as SimRequest["robots"],
    origin: (host) => `http://${host}`,
  };
}

const text = (res: SimResponse) => (typeof res.body === "string" ? res.body : new TextDecoder().decode(res.body));
const render = (outlet: SimOutlet, a: SimArticle) => articleResponse(world, requestAt(outlet, NOW), outlet, a);
const sample = (outlet: SimOutlet, n = 6) => world.articlesOf(outlet.slug, NOW - 6 * 3_600_000, NOW).slice(0, n);

describe("extractArticle on the simulated web (SPEC EXT-4, SIG-1..3, STO-3)", () => {
  it("EXT-4: metadata of every outlet's articles matches the ground truth", () => {
    for (const outlet of outlets) {
      for (const a of sample(outlet)) {
        const page = extractArticle(text(render(outlet, a)), a.url, "text/html; charset=utf-8");
        const t = truth.article(a.id);
        expect(page, a.id).toMatchObject({
          canonicalUrl: a.url,
          headline: truth.headlineAt(a.id, NOW),
          publishedAt: new Date(Math.floor(a.publishedAt / 1000) * 1000),
          section: t?.section,
          authors: t?.authors,
          isAccessibleForFree: t?.free,
          robots: outlet.metaRobots.split(",").map((d) => d.trim().toLowerCase()),
        });
      }
    }
  });

  it("SIG-2, SIG-1: the body is read only when the article is free and not reserved by <meta>", () => {
    let read = 0;
    let closed = 0;
    for (const outlet of outlets) {
      for (const a of sample(outlet)) {
        const page = extractArticle(text(render(outlet, a)), a.url);
        const reservedByMeta = outlet.tdm === "meta";
        expect(page.tdmReservation, a.id).toBe(reservedByMeta ? true : undefined);
        const sentences = truth.textOf(a.id)?.sentences ?? [];
        if (a.free && !reservedByMeta) {
          read++;
          for (const s of sentences) expect(page.body, a.id).toContain(s);
        } else {
          closed++;
          expect(page.body, a.id).toBeUndefined();
        }
      }
    }
    expect(read).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(0);
  });

  it("SIG-2: the simulator's login wall closes the article even with the body hidden in the HTML", async () => {
    const outlet = outlets[1] as SimOutlet;
    const a = sample(outlet).find((x) => x.free) as SimArticle;
    const walled = await loginWall({ kind: "login-wall" }, requestAt(outlet, NOW), async () => render(outlet, a));
    expect(text(walled)).toContain(truth.textOf(a.id)?.sentences[0]);
    const page = extractArticle(text(walled), a.url);
    expect(page.isAccessibleForFree).toBe(false);
    expect(page.body).toBeUndefined();
  });

  it("SIG-1: the simulator's <meta> TDM reservation stops the body", async () => {
    const outlet = outlets[0] as SimOutlet;
    const a = sample(outlet).find((x) => x.free) as SimArticle;
    const reserved = await tdm({ kind: "tdm", via: "meta" }, requestAt(outlet, NOW), async () => render(outlet, a));
    const page = extractArticle(text(reserved), a.url);
    expect(page.tdmReservation).toBe(true);
    expect(page.body).toBeUndefined();
  });

  it("SIG-3: noai outlets are recorded as such and their open bodies are still read", () => {
    const outlet = outlets.find((o) => o.metaRobots.includes("noai") && o.tdm !== "meta") as SimOutlet;
    const a = sample(outlet).find((x) => x.free) as SimArticle;
    const page = extractArticle(text(render(outlet, a)), a.url);
    expect(page.robots).toEqual(["noai", "noimageai"]);
    expect(page.body).toContain(truth.textOf(a.id)?.token);
  });
});
