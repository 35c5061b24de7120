import { describe, expect, it } from "vitest";
import { crawlDelayFor } from "../../bench/support/pacing-scale";
import { WARM_UP_AGENT, withoutWarmUp } from "../../bench/support/sim-warm-up";
import type { AccessLogEntry } from "../../sim/access-log";

const entry = (agent: string): AccessLogEntry =>
  ({
    start: 0,
    end: 1,
    simTime: 0,
    host: "feeds.sitio0040.test",
    site: "sitio0040.test",
    method: "GET",
    path: "/rss.xml",
    status: 200,
    bytes: 10,
    requestHeaders: { "user-agent": agent },
  }) as AccessLogEntry;

describe("the pacing bench's scale mode", () => {
  it("POL-1: more sites get a Crawl-delay that keeps the request rate of 1,000 sites at the 4 s gap", () => {
    expect(crawlDelayFor(1000)).toBeUndefined();
    expect(crawlDelayFor(100)).toBeUndefined();
    expect(crawlDelayFor(10_000)).toBe(40);
    expect(crawlDelayFor(2500)).toBe(10);
  });

  it("POL-1: a slower reference gap gives 1,000 sites that gap and 10,000 ten times it", () => {
    expect(crawlDelayFor(1000, 16)).toBe(16);
    expect(crawlDelayFor(10_000, 16)).toBe(160);
    expect(crawlDelayFor(100, 16)).toBe(16);
    expect(crawlDelayFor(1000, 4)).toBeUndefined();
  });

  it("POL-1: the bench's own warm-up requests are left out of the access log it checks", () => {
    const crawler = entry("HemeroscopioBot/1.0 (+https://hemeroscopio.example/bot)");
    expect(withoutWarmUp([entry(WARM_UP_AGENT), crawler, entry(WARM_UP_AGENT)])).toEqual([crawler]);
  });
});
