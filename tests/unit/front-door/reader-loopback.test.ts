import { describe, expect, it } from "vitest";
import { carriesMetricsToken } from "../../../app/_lib/metrics/metrics-endpoint";
import { cacheKey } from "../../../lib/front-door/page-cache/cacheable";
import { isLoopbackAddress, readerIsLoopback } from "../../../lib/front-door/reader-loopback";

describe("who counts as a loopback reader (OPS-5)", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["0:0:0:0:0:0:0:1", true],
    ["10.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["203.0.113.9", false],
    ["::2", false],
    ["fe80::1", false],
    ["unknown", false],
    ["", false],
    ["127.0.0.1.example", false],
  ])("OPS-5: %s is loopback: %s", (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it("OPS-5: a loopback socket carrying a forwarding header came through a proxy that is not trusted: not loopback", () => {
    expect(readerIsLoopback("127.0.0.1", {}, false)).toBe(true);
    for (const h of ["x-forwarded-for", "forwarded", "x-real-ip"])
      expect(readerIsLoopback("127.0.0.1", { [h]: "127.0.0.1" }, false), h).toBe(false);
    // Behind a trusted proxy the address is already the one that proxy appended.
    expect(readerIsLoopback("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }, true)).toBe(true);
    expect(readerIsLoopback("203.0.113.9", {}, true)).toBe(false);
  });

  it("OPS-5: the metrics token opens only as `Bearer <token>`, and never when none is configured", () => {
    const token = "0123456789abcdef-token";
    expect(carriesMetricsToken(`Bearer ${token}`, token)).toBe(true);
    expect(carriesMetricsToken(`bearer ${token}`, token)).toBe(true);
    expect(carriesMetricsToken(`Bearer ${token}x`, token)).toBe(false);
    expect(carriesMetricsToken(token, token)).toBe(false);
    expect(carriesMetricsToken(null, token)).toBe(false);
    expect(carriesMetricsToken("Bearer ", undefined)).toBe(false);
    expect(carriesMetricsToken("Bearer undefined", undefined)).toBe(false);
  });

  it("OPS-5: /metrics is never answered from the page cache (every scrape reads the database)", () => {
    expect(cacheKey({ method: "GET", url: "/metrics", headers: {} })).toBeUndefined();
  });
});
