import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatDay,
  formatDuration,
  formatEvery,
  formatHourOfDay,
  formatList,
  formatSecondsRange,
} from "../../../lib/pages/format";

describe("Spanish figures for the public pages", () => {
  it.each([
    [1500, "1,5 segundos"],
    [1000, "1 segundo"],
    [60_000, "1 minuto"],
    [90_000, "90 segundos"],
    [3_600_000, "1 hora"],
    [86_400_000, "24 horas"],
    [30 * 86_400_000, "30 días"],
  ])("a duration of %i ms reads %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it("says 'cada hora', not 'cada 1 hora'", () => {
    expect(formatEvery(3_600_000)).toBe("cada hora");
    expect(formatEvery(600_000)).toBe("cada 10 minutos");
  });

  it("prints sizes in binary units with a decimal comma", () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MiB");
    expect(formatBytes(1536 * 1024)).toBe("1,5 MiB");
    expect(formatBytes(2048)).toBe("2 KiB");
    expect(formatBytes(1)).toBe("1 byte");
  });

  it("joins lists and ranges the Spanish way", () => {
    expect(formatList(["15", "30", "60"], "o")).toBe("15, 30 o 60");
    expect(formatList(["a"])).toBe("a");
    expect(formatSecondsRange(3000, 3000)).toBe("3 segundos");
  });

  it("uses 'la' for one o'clock and 'las' otherwise", () => {
    expect(formatHourOfDay(1)).toBe("la 01:00");
    expect(formatHourOfDay(6)).toBe("las 06:00");
  });

  it("writes a calendar day in long form whatever the server's time zone", () => {
    expect(formatDay("2026-09-07")).toBe("7 de septiembre de 2026");
  });
});
