import { describe, expect, test } from "vitest";
import { dayHours, dayValue, minuteValue, parseDay, parseMinute, shiftDay } from "../../../lib/pages/peninsular-time";
import { parseDayQuery, parseFrontPageQuery, parseSideBySideQuery } from "../../../lib/pages/history-params";
import { dayLeadsHref, frontPageAtHref, sideBySideHref } from "../../../lib/pages/history-links";

describe("peninsular minutes and days (WEB-5, WEB-7)", () => {
  test.each([
    ["2026-11-20T09:30", "2026-11-20T08:30:00.000Z"], // winter: UTC+1
    ["2026-07-01T09:30", "2026-07-01T07:30:00.000Z"], // summer: UTC+2
    ["2026-11-20T09:30:45", "2026-11-20T08:30:00.000Z"], // seconds dropped
    ["2026-10-25T02:30", "2026-10-25T00:30:00.000Z"], // the repeated hour: its first occurrence
    ["2026-03-29T02:30", "2026-03-29T01:30:00.000Z"], // the skipped hour: read with the winter offset
    ["2026-03-29T03:00", "2026-03-29T01:00:00.000Z"],
  ])("WEB-5: %s in peninsular time is %s", (value, iso) => {
    expect(new Date(parseMinute(value)!).toISOString()).toBe(iso);
  });

  test.each([
    "",
    "2026-11-20",
    "2026-11-20 09:30",
    "2026-13-01T09:30",
    "2026-02-30T09:30",
    "2026-11-20T24:00",
    "2026-11-20T09:60",
    "0000-01-01T00:00",
    "x2026-11-20T09:30",
    "2026-11-20T9:30",
  ])("WEB-5: «%s» is not a minute", (value) => {
    expect(parseMinute(value)).toBeUndefined();
  });

  test("WEB-5: a minute reads back as the value a datetime-local field sends", () => {
    for (const v of ["2026-11-20T09:30", "2026-07-01T00:00", "2026-03-29T03:00", "2026-12-31T23:59"])
      expect(minuteValue(parseMinute(v)!)).toBe(v);
    expect(dayValue(Date.parse("2026-11-19T23:30:00Z"))).toBe("2026-11-20");
  });

  test("WEB-5: a day runs from peninsular midnight to midnight, 23, 24 or 25 hours long", () => {
    const day = parseDay("2026-11-20")!;
    expect(new Date(day.start).toISOString()).toBe("2026-11-19T23:00:00.000Z");
    expect(day.end - day.start).toBe(24 * 3_600_000);
    const spring = parseDay("2026-03-29")!;
    expect(dayHours(spring.start, spring.end).map((h) => h.label)).toEqual([
      "00:00",
      "01:00",
      ...Array.from({ length: 21 }, (_, i) => `${String(i + 3).padStart(2, "0")}:00`),
    ]);
    const autumn = parseDay("2026-10-25")!;
    expect(dayHours(autumn.start, autumn.end)).toHaveLength(25);
    expect(parseDay("2026-02-30")).toBeUndefined();
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("years below 100 are not read as 19xx (SEC-6)", () => {
  test("SEC-6: 0050-06-01 is refused as a day and as a minute, not taken for 1950", () => {
    expect(parseDay("0050-06-01")).toBeUndefined();
    expect(parseMinute("0050-06-01T10:00")).toBeUndefined();
    expect(parseDay("1950-06-01")).toBeDefined();
  });
});

describe("history pages' query strings (WEB-5, SEC-6)", () => {
  test("WEB-5: the front page at a minute takes «en», or none for its latest capture", () => {
    expect(parseFrontPageQuery({})).toEqual({ ok: true, value: { at: undefined } });
    expect(parseFrontPageQuery({ en: "2026-11-20T09:30" })).toEqual({ ok: true, value: { at: Date.parse("2026-11-20T08:30:00Z") } });
    for (const en of ["ayer", "2026-11-20", ["2026-11-20T09:30", "2026-11-20T09:31"]]) {
      const parsed = parseFrontPageQuery({ en });
      expect(parsed.ok).toBe(false);
    }
  });

  test("SEC-6: side by side takes two to four distinct valid outlets", () => {
    expect(parseSideBySideQuery({})).toEqual({ ok: true, value: { at: undefined, slugs: [] } });
    expect(parseSideBySideQuery({ cabeceras: "a,b,a, c" })).toEqual({ ok: true, value: { at: undefined, slugs: ["a", "b", "c"] } });
    for (const cabeceras of ["a", "a,a", "a,b,c,d,e", "a,B!", ["a,b,c", "d", "e"]])
      expect(parseSideBySideQuery({ cabeceras }).ok, String(cabeceras)).toBe(false);
    // A form's checkboxes send one value per outlet.
    expect(parseSideBySideQuery({ cabeceras: ["a", "b"] })).toEqual({ ok: true, value: { at: undefined, slugs: ["a", "b"] } });
    expect(parseSideBySideQuery({ cabeceras: "a,b", en: "mañana" }).ok).toBe(false);
  });

  test("SEC-6: a day's leads take a real calendar day", () => {
    expect(parseDayQuery({})).toEqual({ ok: true, value: {} });
    expect(parseDayQuery({ fecha: "2026-11-20" })).toEqual({ ok: true, value: { day: "2026-11-20" } });
    for (const fecha of ["2026-11-31", "20-11-2026", "0000-01-01"]) expect(parseDayQuery({ fecha }).ok).toBe(false);
  });

  test("WEB-5: links carry the minute as a datetime-local value in peninsular time", () => {
    const at = Date.parse("2026-11-20T08:30:40Z");
    expect(frontPageAtHref("el-diario", at)).toBe("/cabeceras/el-diario/portada?en=2026-11-20T09:30");
    expect(frontPageAtHref("el-diario")).toBe("/cabeceras/el-diario/portada");
    expect(sideBySideHref(["a", "b"], at)).toBe("/portadas?en=2026-11-20T09:30&cabeceras=a,b");
    expect(sideBySideHref([])).toBe("/portadas");
    expect(dayLeadsHref("2026-11-20")).toBe("/portadas/dia?fecha=2026-11-20");
  });
});

describe("the wall clock read through each hour's offset", () => {
  const reference = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const expected = (at: number) => {
    const p = Object.fromEntries(reference.formatToParts(at).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
  };

  test("matches the zone database minute by minute across both changes of a year (WEB-7)", () => {
    // Every 7 minutes of 2026, and every minute of the two nights the clocks change.
    const instants: number[] = [];
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 7 * 60_000) instants.push(at);
    for (const night of [Date.UTC(2026, 2, 28, 22), Date.UTC(2026, 9, 24, 22)])
      for (let at = night; at < night + 6 * 3_600_000; at += 60_000) instants.push(at + 59_999, at);
    const wrong = instants.filter((at) => minuteValue(at) !== expected(at));
    expect(wrong.map((at) => new Date(at).toISOString())).toEqual([]);
  });
});

describe("days read once and kept", () => {
  test("WEB-7: a day read again is the same, and a caller changing its copy changes nothing kept", () => {
    const first = parseDay("2026-10-25")!;
    expect(first).toEqual({ start: Date.parse("2026-10-24T22:00:00Z"), end: Date.parse("2026-10-25T23:00:00Z") });
    first.start = 0;
    expect(parseDay("2026-10-25")).toEqual({ start: Date.parse("2026-10-24T22:00:00Z"), end: Date.parse("2026-10-25T23:00:00Z") });
    expect(parseDay("2026-02-30")).toBeUndefined();
    expect(parseDay("2026-02-30")).toBeUndefined();
  });
});
