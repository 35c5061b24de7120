import { describe, expect, it } from "vitest";
import { headerValues, parseHttpDate } from "@/crawler/politeness/http-fields";
import { backoffDelay, feedBackoff, parseRetryAfter, type Backoff, type FetchStatus } from "@/crawler/politeness/retry-after";

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const DAY = 24 * H;
const now = Date.parse("2025-03-09T12:00:00Z"); // a Sunday

describe("parseHttpDate (RFC 9110 §5.6.7)", () => {
  it.each<[string, string | undefined]>([
    ["Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"],
    ["Sunday, 06-Nov-94 08:49:37 GMT", "1994-11-06T08:49:37Z"],
    ["Sun Nov  6 08:49:37 1994", "1994-11-06T08:49:37Z"],
    ["Sun Nov 16 08:49:37 1994", "1994-11-16T08:49:37Z"],
    ["Fri, 31 Dec 1999 23:59:59 GMT", "1999-12-31T23:59:59Z"],
    ["sun, 09 mar 2025 12:02:00 gmt", "2025-03-09T12:02:00Z"],
    ["Monday, 10-Mar-25 12:00:00 GMT", "2025-03-10T12:00:00Z"],
    ["Thursday, 01-Jan-70 00:00:00 GMT", "2070-01-01T00:00:00Z"],
    ["Friday, 01-Jan-76 00:00:00 GMT", "1976-01-01T00:00:00Z"],
    ["Mon, 31 Feb 2025 00:00:00 GMT", undefined],
    ["Mon, 10 Mar 2025 24:00:00 GMT", undefined],
    ["Mon, 10 Mar 2025 12:00:00 UTC", undefined],
    ["2025-03-10T12:00:00Z", undefined],
    ["", undefined],
  ])("BLK-3: %j → %s", (value, iso) => {
    expect(parseHttpDate(value, now)).toBe(iso === undefined ? undefined : Date.parse(iso));
  });
});

describe("parseRetryAfter (RFC 9110 §10.2.3)", () => {
  it.each<[string, string | readonly string[] | undefined, string | undefined, number | undefined]>([
    ["delay-seconds", "120", undefined, 120 * S],
    ["zero seconds", "0", undefined, 0],
    ["surrounding whitespace", "  30 ", undefined, 30 * S],
    ["an IMF-fixdate in the future", "Sun, 09 Mar 2025 12:02:00 GMT", undefined, 2 * MIN],
    ["an RFC 850 date in the future", "Sunday, 09-Mar-25 13:00:00 GMT", undefined, H],
    ["an asctime date in the future", "Sun Mar  9 12:00:30 2025", undefined, 30 * S],
    ["an HTTP-date in the past is 0", "Fri, 31 Dec 1999 23:59:59 GMT", undefined, 0],
    ["the server's slower clock lengthens the wait", "Sun, 09 Mar 2025 12:02:00 GMT", "Sun, 09 Mar 2025 11:59:00 GMT", 3 * MIN],
    ["the server's faster clock never shortens it", "Sun, 09 Mar 2025 12:02:00 GMT", "Sun, 09 Mar 2025 12:01:00 GMT", 2 * MIN],
    ["an unreadable Date is ignored", "Sun, 09 Mar 2025 12:02:00 GMT", "yesterday", 2 * MIN],
    ["negative seconds are invalid", "-5", undefined, undefined],
    ["fractional seconds are invalid", "1.5", undefined, undefined],
    ["words are invalid", "soon", undefined, undefined],
    ["empty is invalid", "", undefined, undefined],
    ["absent", undefined, undefined, undefined],
    ["repeated fields: the longest valid wait", ["10", "junk", "60"], undefined, 60 * S],
    ["huge values saturate", "99999999999999999999", undefined, Number.MAX_SAFE_INTEGER],
  ])("BLK-3: %s", (_name, value, date, expected) => {
    expect(parseRetryAfter(value, now, date)).toBe(expected);
  });
});

describe("backoffDelay (BLK-3, BLK-4)", () => {
  it.each<[string, FetchStatus, number | undefined, number, Backoff | undefined]>([
    ["BLK-3: 429 with Retry-After waits exactly that", 429, 120 * S, 0, { rule: "BLK-3", waitMs: 120 * S, giveUp: false }],
    [
      "BLK-3: 503 with Retry-After waits exactly that, whatever the failures",
      503,
      90 * S,
      5,
      { rule: "BLK-3", waitMs: 90 * S, giveUp: false },
    ],
    ["BLK-3: 429 with Retry-After 0 does not wait", 429, 0, 3, { rule: "BLK-3", waitMs: 0, giveUp: false }],
    ["BLK-3: a wait of exactly 6 h is still honoured", 503, 6 * H, 0, { rule: "BLK-3", waitMs: 6 * H, giveUp: false }],
    ["BLK-3: a wait over 6 h gives up the cycle", 429, 6 * H + 1, 0, { rule: "BLK-3", waitMs: 6 * H + 1, giveUp: true }],
    ["BLK-3: 429 without Retry-After: 1 min", 429, undefined, 0, { rule: "BLK-3", waitMs: MIN, giveUp: false }],
    ["BLK-3: … then 2 min", 429, undefined, 1, { rule: "BLK-3", waitMs: 2 * MIN, giveUp: false }],
    ["BLK-3: … then 32 min", 503, undefined, 5, { rule: "BLK-3", waitMs: 32 * MIN, giveUp: false }],
    ["BLK-3: … capped at 1 h", 503, undefined, 6, { rule: "BLK-3", waitMs: H, giveUp: false }],
    ["BLK-3: … still 1 h after many failures", 429, undefined, 1000, { rule: "BLK-3", waitMs: H, giveUp: false }],
    ["BLK-4: a timeout: 10 min", "timeout", undefined, 0, { rule: "BLK-4", waitMs: 10 * MIN, giveUp: false }],
    ["BLK-4: connection refused twice before: 40 min", "unreachable", undefined, 2, { rule: "BLK-4", waitMs: 40 * MIN, giveUp: false }],
    ["BLK-4: a 500 storm: capped at 6 h", 500, undefined, 10, { rule: "BLK-4", waitMs: 6 * H, giveUp: false }],
    ["BLK-4: a 502 with a longer Retry-After waits that", 502, 30 * MIN, 0, { rule: "BLK-4", waitMs: 30 * MIN, giveUp: false }],
    ["BLK-4: a 504 with a shorter Retry-After keeps the pause", 504, MIN, 1, { rule: "BLK-4", waitMs: 20 * MIN, giveUp: false }],
    ["BLK-3: negative failure counts count as none", 503, undefined, -3, { rule: "BLK-3", waitMs: MIN, giveUp: false }],
    ["BLK-3/BLK-4: 200 is no backoff", 200, undefined, 0, undefined],
    ["BLK-3/BLK-4: 404 is no backoff", 404, 120 * S, 0, undefined],
    ["BLK-3/BLK-4: 403 is a block (BLK-1), not a backoff", 403, undefined, 0, undefined],
  ])("%s", (_name, status, retryAfter, failures, expected) => {
    expect(backoffDelay(status, retryAfter, failures)).toEqual(expected);
  });

  it("BLK-3: the give-up threshold is configurable", () => {
    expect(backoffDelay(429, 2 * H, 0, { giveUpAfterMs: H })).toEqual({ rule: "BLK-3", waitMs: 2 * H, giveUp: true });
  });

  it("BLK-3: a 503 with an HTTP-date holds the site until that time", () => {
    const wait = parseRetryAfter("Sun, 09 Mar 2025 12:05:00 GMT", now);
    expect(backoffDelay(503, wait, 0)).toEqual({ rule: "BLK-3", waitMs: 5 * MIN, giveUp: false });
  });
});

describe("feedBackoff (BLK-6)", () => {
  it.each<[string, number, number, { pauseMs: number; dead: boolean }]>([
    ["first failure: 1 h", 0, 0, { pauseMs: H, dead: false }],
    ["second: 2 h", 1, H, { pauseMs: 2 * H, dead: false }],
    ["third: 4 h", 2, 3 * H, { pauseMs: 4 * H, dead: false }],
    ["then capped at 6 h", 3, 7 * H, { pauseMs: 6 * H, dead: false }],
    ["failing for 6 days 23 h: not dead yet", 30, 7 * DAY - H, { pauseMs: 6 * H, dead: false }],
    ["failing for 7 days: flagged dead", 31, 7 * DAY, { pauseMs: 6 * H, dead: true }],
  ])("BLK-6: %s", (_name, failures, failingFor, expected) => {
    expect(feedBackoff(failures, now - failingFor, now)).toEqual(expected);
  });
});

describe("headerValues", () => {
  it("BLK-3: headers are found whatever the case of its name, and keeps repeated values", () => {
    expect(headerValues({ "Retry-After": "5", "retry-after": ["6", "7"], other: "x" }, "RETRY-AFTER")).toEqual(["5", "6", "7"]);
    expect(headerValues(undefined, "retry-after")).toEqual([]);
  });
});
