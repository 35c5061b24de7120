import { describe, expect, it, vi } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { frontPageResponse } from "@/tests/sim/content";
import type { SimRequest } from "@/tests/sim/http-types";
import { simOutlets, type SimOutlet } from "@/tests/sim/outlets";
import { createTruth } from "@/tests/sim/truth";
import { createWorld } from "@/tests/sim/world";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const outlets = simOutlets(30);
const world = createWorld(7, outlets);
const truth = createTruth(world);
const MONDAY = Date.parse("2025-03-10T08:00:00Z");

/** A portless request at simulated time `now`, enough for the renderers. */
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

function renderFrontPage(outlet: SimOutlet, now: number): string {
  const body = frontPageResponse(world, requestAt(outlet, now), outlet).body;
  return typeof body === "string" ? body : new TextDecoder().decode(body);
}

describe("extractFrontPage on the simulated web (SPEC EXT-3, STO-3)", () => {
  it.each([
    ["Monday 08:00", MONDAY],
    ["Monday 13:47", MONDAY + 5 * 3_600_000 + 47 * 60_000],
    ["Tuesday 02:10", MONDAY + 18 * 3_600_000 + 10 * 60_000],
  ])("EXT-3: every outlet's front page matches the ground truth exactly (%s)", (_when, now) => {
    for (const outlet of outlets) {
      const { links } = extractFrontPage(renderFrontPage(outlet, now), outlet.homepage, "text/html; charset=utf-8");
      const expected = truth.frontPageAt(outlet.slug, now).map((s) => ({ url: s.url, headline: s.headline, rank: s.rank }));
      expect(expected.length, outlet.slug).toBeGreaterThan(0);
      expect(links, outlet.slug).toEqual(expected);
    }
  });

  it("EXT-3: bytes give the same result as text", () => {
    const outlet = outlets[4] as SimOutlet;
    const html = renderFrontPage(outlet, MONDAY);
    expect(extractFrontPage(new TextEncoder().encode(html), outlet.homepage)).toEqual(extractFrontPage(html, outlet.homepage));
  });

  it("STO-3: the extracted front page never contains lede or body text", () => {
    for (const outlet of outlets.slice(0, 10)) {
      const { links } = extractFrontPage(renderFrontPage(outlet, MONDAY), outlet.homepage);
      const dump = JSON.stringify(links);
      for (const slot of truth.frontPageAt(outlet.slug, MONDAY)) {
        const text = truth.textOf(slot.articleId);
        expect(text).toBeDefined();
        // Every lede and body sentence carries its article's token; none may leak into the result.
        expect(dump).not.toContain(text?.token);
      }
    }
  });

  it("EXT-3: a 1 MB front page is extracted well under a second", () => {
    const outlet = outlets[0] as SimOutlet;
    const html = renderFrontPage(outlet, MONDAY);
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
    const blocks: string[] = [];
    // Copies of the page body with distinct article ids, so de-duplication does not shrink the work.
    for (let k = 0, size = 0; size < 1_000_000; k++) {
      const copy = main.replace(/(-a\d+|-s\d+)\.html/g, `$1x${k}.html`);
      blocks.push(copy);
      size += copy.length;
    }
    const bytes = new TextEncoder().encode(html.replace(main, blocks.join("\n")));
    // Its speed is measured by `npm run bench` (parse.bench.ts), not here.
    const { links } = extractFrontPage(bytes, outlet.homepage);
    expect(links.length).toBeGreaterThan(1000);
  });
});
