import { describe, expect, it } from "vitest";
import {
  LAST_GOOD_MAX_AGE_MS,
  mayUseLastGood,
  resolveRobotsAccess,
  robotsAccess,
  type RobotsAccess,
  type RobotsOutcome,
} from "@/crawler/politeness/robots-status";

const HOUR = 60 * 60 * 1000;

describe("robotsAccess (SPEC ROB-3)", () => {
  it.each<[RobotsOutcome, RobotsAccess, string]>([
    [200, "parse", "2xx is parsed"],
    [204, "parse", "an empty 2xx is parsed (no rules: allow all)"],
    [206, "parse", "any 2xx is parsed"],
    [304, "use-last-good", "a 304 confirms the stored copy"],
    [301, "disallow-all", "a redirect still standing after 5 hops is unavailable, and unavailable is not read"],
    [308, "disallow-all", "a permanent redirect still standing after 5 hops is unavailable"],
    [400, "disallow-all", "400: host without readable robots is not read"],
    [401, "disallow-all", "401: host is closed"],
    [403, "disallow-all", "403: host is closed"],
    [404, "disallow-all", "404: host without readable robots is not read (stricter than RFC 9309)"],
    [410, "disallow-all", "410: host without readable robots is not read"],
    [451, "disallow-all", "451: host without readable robots is not read"],
    [429, "use-last-good", "429 is treated as a server error"],
    [500, "use-last-good", "500: last good copy"],
    [502, "use-last-good", "502: last good copy"],
    [503, "use-last-good", "503: last good copy"],
    [599, "use-last-good", "599: last good copy"],
    ["timeout", "use-last-good", "a timeout: last good copy"],
    ["unreachable", "use-last-good", "connection or DNS failure: last good copy"],
    [100, "use-last-good", "1xx is not an answer: treated as unreachable"],
    [600, "use-last-good", "a nonsense status is treated as unreachable"],
  ])("ROB-3: %s → %s (%s)", (outcome, expected) => {
    expect(robotsAccess(outcome)).toBe(expected);
  });

  it.each<[RobotsOutcome, RobotsAccess]>([
    [404, "allow-all"],
    [410, "allow-all"],
    [302, "allow-all"],
    [401, "disallow-all"],
    [403, "disallow-all"],
    [429, "use-last-good"],
    [503, "use-last-good"],
    [200, "parse"],
  ])("ROB-3: configured to RFC 9309 §2.3.1.3, %s → %s", (outcome, expected) => {
    expect(robotsAccess(outcome, { on4xx: "allow-all" })).toBe(expected);
  });
});

describe("mayUseLastGood (SPEC ROB-3, RFC 9309 §2.4)", () => {
  const now = Date.parse("2025-01-02T12:00:00Z");

  it.each<[string, number | undefined, boolean]>([
    ["no copy at all", undefined, false],
    ["a copy fetched just now", now, true],
    ["a copy 23 h old", now - 23 * HOUR, true],
    ["a copy exactly 24 h old", now - 24 * HOUR, true],
    ["a copy 24 h and 1 ms old", now - 24 * HOUR - 1, false],
    ["a copy a week old", now - 7 * 24 * HOUR, false],
    ["a copy stamped in the future (clock skew)", now + HOUR, true],
    ["a corrupt timestamp", Number.NaN, false],
  ])("ROB-3: %s → usable = %s", (_name, fetchedAt, usable) => {
    expect(mayUseLastGood(fetchedAt, now)).toBe(usable);
  });

  it("ROB-3: the 24 h limit is a parameter", () => {
    expect(LAST_GOOD_MAX_AGE_MS).toBe(24 * HOUR);
    expect(mayUseLastGood(now - 2 * HOUR, now, HOUR)).toBe(false);
  });
});

describe("resolveRobotsAccess", () => {
  const now = Date.parse("2025-01-02T12:00:00Z");

  it.each<[RobotsOutcome, number | undefined, string]>([
    [503, now - HOUR, "last-good"],
    [503, now - 25 * HOUR, "disallow-all"],
    ["timeout", undefined, "disallow-all"],
    [304, now, "last-good"],
    [200, undefined, "parse"],
    [404, now - HOUR, "disallow-all"],
  ])("ROB-3: %s with a copy fetched at %s → %s", (outcome, fetchedAt, expected) => {
    expect(resolveRobotsAccess(robotsAccess(outcome), fetchedAt, now)).toBe(expected);
  });
});
