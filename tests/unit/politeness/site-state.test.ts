import { describe, expect, it } from "vitest";
import type { FetchResult } from "../../../lib/fetcher";
import { pacingGap } from "../../../crawler/politeness/site-lease";
import { classify, siteChange } from "../../../crawler/politeness/site-state";

const NOW = Date.parse("2026-11-29T12:00:00Z");

function result(p: Partial<FetchResult> & { text?: string }): FetchResult {
  const body = p.text === undefined ? undefined : new TextEncoder().encode(p.text);
  return {
    outcome: "ok",
    status: 200,
    url: "https://a.test/",
    headers: {},
    bytes: 0,
    durationMs: 1,
    startedAt: NOW,
    endedAt: NOW,
    body,
    ...p,
  };
}

describe("what a response means for its site", () => {
  it.each([
    ["a 200 page", result({ text: "<html><title>Noticia</title></html>" }), "page", "ok"],
    ["a 304", result({ outcome: "not-modified", status: 304 }), "feed", "not-modified"],
    ["a 403", result({ outcome: "http-error", status: 403 }), "page", "blocked"],
    ["a 401", result({ outcome: "http-error", status: 401 }), "feed", "blocked"],
    ["a 429", result({ outcome: "http-error", status: 429 }), "page", "rate-limited"],
    ["a 503", result({ outcome: "http-error", status: 503 }), "page", "rate-limited"],
    ["a 404", result({ outcome: "http-error", status: 404 }), "page", "http-error"],
    [
      "a Cloudflare challenge served with 200",
      result({ headers: { "cf-mitigated": "challenge" }, text: "<title>Just a moment...</title>" }),
      "page",
      "challenge",
    ],
    ["a timeout", result({ outcome: "timeout", status: undefined }), "feed", "timeout"],
  ] as const)("BLK-1, BLK-3, BLK-5: %s is classified as %s", (_name, r, kind, expected) => {
    expect(classify(r, kind)).toBe(expected);
  });

  it("BLK-5: a normal page that mentions Cloudflare is not a challenge", () => {
    const page = result({
      text: "<html><title>Cloudflare sufre una caída</title><p>Just a moment, dijo el portavoz de Cloudflare.</p></html>",
    });
    expect(classify(page, "page")).toBe("ok");
  });

  it("BLK-3: a 429 with Retry-After holds the site exactly that long", () => {
    const r = result({ outcome: "http-error", status: 429, headers: { "retry-after": "120" } });
    expect(siteChange(r, "rate-limited", 0, NOW)).toEqual({
      consecutiveFailures: 1,
      backoffUntil: NOW + 120_000,
      reason: "BLK-3 rate-limited",
    });
  });

  it("BLK-3: a 503 with an HTTP-date waits until that date", () => {
    const r = result({ outcome: "http-error", status: 503, headers: { "retry-after": "Sun, 29 Nov 2026 12:30:00 GMT" } });
    expect(siteChange(r, "rate-limited", 2, NOW).backoffUntil).toBe(NOW + 30 * 60_000);
  });

  it.each([
    [0, 60_000],
    [1, 120_000],
    [5, 1_920_000],
    [9, 3_600_000],
  ])("BLK-3: a 429 without Retry-After after %i failures backs off %i ms", (previous, wait) => {
    const r = result({ outcome: "http-error", status: 429 });
    expect(siteChange(r, "rate-limited", previous, NOW).backoffUntil).toBe(NOW + wait);
  });

  it.each([
    [0, 600_000],
    [1, 1_200_000],
    [6, 21_600_000],
  ])("BLK-4: an unreachable site after %i failures pauses %i ms", (previous, wait) => {
    const r = result({ outcome: "unreachable", status: undefined });
    expect(siteChange(r, "unreachable", previous, NOW).backoffUntil).toBe(NOW + wait);
  });

  it("BLK-4: isolated 5xx answers only count; a run of three pauses the site", () => {
    const r = result({ outcome: "http-error", status: 500 });
    expect(siteChange(r, "http-error", 0, NOW)).toEqual({ consecutiveFailures: 1 });
    expect(siteChange(r, "http-error", 1, NOW)).toEqual({ consecutiveFailures: 2 });
    expect(siteChange(r, "http-error", 2, NOW).backoffUntil).toBe(NOW + 4 * 600_000);
  });

  it("any real answer resets the failure count; a too-large body is not the site's failure", () => {
    expect(siteChange(result({}), "ok", 4, NOW)).toEqual({ consecutiveFailures: 0 });
    expect(siteChange(result({ outcome: "http-error", status: 403 }), "blocked", 4, NOW)).toEqual({ consecutiveFailures: 0 });
    expect(siteChange(result({ outcome: "too-large" }), "too-large", 2, NOW)).toEqual({ consecutiveFailures: 2 });
  });
});

describe("the pacing gap", () => {
  it.each([
    [0, 3000],
    [0.5, 4000],
    [0.9999, 5000],
  ])("POL-1: random %f gives a gap of %i ms within 3–5 s", (random, gap) => {
    expect(pacingGap({ minMs: 3000, maxMs: 5000, random: () => random })).toBe(gap);
  });

  it("POL-1: a robots.txt Crawl-delay larger than the gap wins; a smaller one does not", () => {
    expect(pacingGap({ minMs: 3000, maxMs: 5000, crawlDelaySeconds: 10, random: () => 0 })).toBe(10_000);
    expect(pacingGap({ minMs: 3000, maxMs: 5000, crawlDelaySeconds: 1.5, random: () => 0 })).toBe(3000);
  });
});
