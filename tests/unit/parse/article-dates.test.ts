import { describe, expect, it } from "vitest";
import { parseDeclaredDate } from "@/crawler/parse/article/dates";

describe("parseDeclaredDate (SPEC EXT-4)", () => {
  it.each<[string, unknown, string | undefined]>([
    ["ISO with offset", "2025-03-10T09:30:00+01:00", "2025-03-10T08:30:00.000Z"],
    ["ISO with Z", "2025-03-10T08:30:00Z", "2025-03-10T08:30:00.000Z"],
    ["ISO with milliseconds", "2025-03-10T08:30:00.123Z", "2025-03-10T08:30:00.123Z"],
    ["offset without colon", "2025-03-10T09:30:00+0100", "2025-03-10T08:30:00.000Z"],
    ["space instead of T", "2025-03-10 09:30:00+01:00", "2025-03-10T08:30:00.000Z"],
    ["minutes only", "2025-03-10T09:30+01:00", "2025-03-10T08:30:00.000Z"],
    ["no offset is UTC (not the worker's zone)", "2025-03-10T09:30:00", "2025-03-10T09:30:00.000Z"],
    ["date only", "2025-03-10", "2025-03-10T00:00:00.000Z"],
    ["negative offset", "2025-03-10T03:30:00-05:00", "2025-03-10T08:30:00.000Z"],
    ["RFC 2822 with zone", "Mon, 10 Mar 2025 08:30:00 GMT", "2025-03-10T08:30:00.000Z"],
    ["RFC 2822 with numeric zone", "Mon, 10 Mar 2025 09:30:00 +0100", "2025-03-10T08:30:00.000Z"],
    ["RFC 2822 without zone is unknown", "Mon, 10 Mar 2025 09:30:00", undefined],
    ["31 February", "2025-02-31T10:00:00Z", undefined],
    ["month 13", "2025-13-01", undefined],
    ["year out of range", "0001-01-01T00:00:00Z", undefined],
    ["words", "hace 5 minutos", undefined],
    ["empty", "", undefined],
    ["not a string", 1741595400000, undefined],
  ])("EXT-4: %s", (_name, value, expected) => {
    expect(parseDeclaredDate(value)?.toISOString()).toBe(expected);
  });
});
