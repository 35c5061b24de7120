import { describe, expect, it } from "vitest";
import { frontPageIntervalMinutes, localHour } from "../../../crawler/schedule/frontpage-interval";

const madrid = (iso: string) => Date.parse(iso); // ISO with explicit offset

describe("front-page capture interval", () => {
  it.each([
    ["00:59 Madrid, changing", "2026-11-29T00:59:00+01:00", 0, 15],
    ["01:00 Madrid (night)", "2026-11-29T01:00:00+01:00", 0, 60],
    ["03:30 Madrid (night), changing", "2026-11-29T03:30:00+01:00", 0, 60],
    ["05:59 Madrid (night)", "2026-11-29T05:59:00+01:00", 0, 60],
    ["06:00 Madrid, changing", "2026-11-29T06:00:00+01:00", 0, 15],
    ["noon, one unchanged capture", "2026-11-29T12:00:00+01:00", 1, 15],
    ["noon, two unchanged captures", "2026-11-29T12:00:00+01:00", 2, 30],
    ["noon, three unchanged captures", "2026-11-29T12:00:00+01:00", 3, 30],
    ["noon, four unchanged captures", "2026-11-29T12:00:00+01:00", 4, 60],
    ["noon, ten unchanged captures", "2026-11-29T12:00:00+01:00", 10, 60],
    ["summer time: 01:30 CEST is night", "2026-07-01T01:30:00+02:00", 0, 60],
    ["summer time: 06:30 CEST is day", "2026-07-01T06:30:00+02:00", 0, 15],
  ])("SCH-2: %s → every %i min", (_name, at, unchanged, minutes) => {
    expect(frontPageIntervalMinutes({ at: madrid(at), timeZone: "Europe/Madrid", unchangedCaptures: unchanged })).toBe(minutes);
  });

  it("SCH-2: the night is the outlet's own: 01:30 in the Canaries is 02:30 in Madrid", () => {
    const at = Date.parse("2026-11-29T00:30:00Z"); // 00:30 Canaries, 01:30 Madrid
    expect(frontPageIntervalMinutes({ at, timeZone: "Atlantic/Canary", unchangedCaptures: 0 })).toBe(15);
    expect(frontPageIntervalMinutes({ at, timeZone: "Europe/Madrid", unchangedCaptures: 0 })).toBe(60);
  });

  it("SCH-2: the intervals and night window are configurable", () => {
    const rule = { minutes: { busy: 5, calm: 10, still: 20 }, nightHours: { from: 0, to: 7 } };
    expect(
      frontPageIntervalMinutes({ at: madrid("2026-11-29T06:30:00+01:00"), timeZone: "Europe/Madrid", unchangedCaptures: 0, rule }),
    ).toBe(20);
    expect(
      frontPageIntervalMinutes({ at: madrid("2026-11-29T12:00:00+01:00"), timeZone: "Europe/Madrid", unchangedCaptures: 2, rule }),
    ).toBe(10);
  });

  it("reads the local hour in a time zone", () => {
    expect(localHour(Date.parse("2026-11-29T23:30:00Z"), "Europe/Madrid")).toBe(0);
    expect(localHour(Date.parse("2026-11-29T23:30:00Z"), "America/Mexico_City")).toBe(17);
  });
});
