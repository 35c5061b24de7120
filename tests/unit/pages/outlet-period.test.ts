/** The period of an outlet's page: `desde`/`hasta` in peninsular days, presets and captions. */
import { describe, expect, it } from "vitest";
import {
  capitalized,
  daysCovered,
  formatDays,
  MAX_PERIOD_DAYS,
  outletPeriodHref,
  parseOutletPeriod,
  periodWords,
  presetPeriod,
} from "../../../lib/pages/outlet-period";
import { wallToInstant } from "../../../lib/pages/peninsular-time";

describe("outlet page period (WEB-5)", () => {
  it("WEB-5: no dates means each section's recent window", () => {
    expect(parseOutletPeriod({})).toEqual({ ok: true, value: undefined });
    expect(parseOutletPeriod({ desde: "", hasta: " " })).toEqual({ ok: true, value: undefined });
  });

  it("WEB-5: desde and hasta are whole peninsular days, both included", () => {
    const parsed = parseOutletPeriod({ desde: "2026-03-03", hasta: "2026-03-09" });
    expect(parsed).toEqual({
      ok: true,
      value: { from: "2026-03-03", to: "2026-03-09", start: wallToInstant(2026, 3, 3), end: wallToInstant(2026, 3, 10) },
    });
    // The day summer time begins is 23 hours long.
    const day = parseOutletPeriod({ desde: "2026-03-29", hasta: "2026-03-29" });
    expect(day.ok && day.value!.end - day.value!.start).toBe(23 * 3_600_000);
  });

  it.each([
    [{ desde: "2026-03-03" }, "las dos fechas"],
    [{ hasta: "2026-03-03" }, "las dos fechas"],
    [{ desde: "2026-3-3", hasta: "2026-03-09" }, "«desde»"],
    [{ desde: "2026-02-30", hasta: "2026-03-09" }, "«desde»"],
    [{ desde: "2026-03-01", hasta: "mañana" }, "«hasta»"],
    [{ desde: "0000-01-01", hasta: "2026-03-09" }, "1900"],
    [{ desde: "1899-12-31", hasta: "2026-03-09" }, "1900"],
    [{ desde: "0050-06-01", hasta: "2026-03-09" }, "«desde»"],
    [{ desde: "2026-03-01", hasta: "0001-01-01" }, "«hasta»"],
    [{ desde: "2026-03-09", hasta: "2026-03-03" }, "posterior"],
    [{ desde: "2024-01-01", hasta: "2026-03-09" }, `${MAX_PERIOD_DAYS} días`],
    [{ desde: ["2026-03-01", "2026-03-02"], hasta: "2026-03-09" }, "más de una vez"],
  ])("SEC-6, WEB-5: %j is refused with a reason naming %s", (params, words) => {
    const parsed = parseOutletPeriod(params);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(words);
  });

  it("SEC-6, WEB-5: the reason for a day out of range names the first and last days actually accepted", () => {
    for (const [desde, hasta] of [
      ["1900-01-01", "2026-03-09"],
      ["2026-03-01", "0001-01-01"],
    ] as const) {
      const refused = parseOutletPeriod({ desde, hasta });
      const days = (!refused.ok && refused.reason.match(/\d{4}-\d{2}-\d{2}/g)) || [];
      const [first, last] = days;
      expect(first && last, refused.ok ? "accepted" : refused.reason).toBeTruthy();
      expect(parseOutletPeriod({ desde: first!, hasta: first! }).ok).toBe(true);
      expect(parseOutletPeriod({ desde: last!, hasta: last! }).ok).toBe(true);
      expect(parseOutletPeriod({ desde: presetPeriod(first!, 2).from, hasta: first! }).ok).toBe(false);
    }
  });

  it("WEB-5: a year of 366 days is accepted, one day more is not", () => {
    expect(daysCovered("2024-01-01", "2024-12-31")).toBe(366);
    expect(parseOutletPeriod({ desde: "2024-01-01", hasta: "2024-12-31" }).ok).toBe(true);
    expect(parseOutletPeriod({ desde: "2024-01-01", hasta: "2025-01-01" }).ok).toBe(false);
  });

  it("WEB-5: presets end on the given day and are plain addresses", () => {
    expect(presetPeriod("2026-03-09", 1)).toEqual({ from: "2026-03-09", to: "2026-03-09" });
    expect(presetPeriod("2026-03-09", 7)).toEqual({ from: "2026-03-03", to: "2026-03-09" });
    expect(presetPeriod("2026-03-01", 30)).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(outletPeriodHref("el-pais", { from: "2026-03-03", to: "2026-03-09" })).toBe(
      "/cabeceras/el-pais?desde=2026-03-03&hasta=2026-03-09",
    );
    expect(outletPeriodHref("el-pais")).toBe("/cabeceras/el-pais");
    expect(outletPeriodHref("el-pais", undefined, "retraso")).toBe("/cabeceras/el-pais#retraso");
  });

  it.each([
    ["2026-03-03", "2026-03-03", "el 3 de marzo de 2026"],
    ["2026-03-03", "2026-03-09", "del 3 al 9 de marzo de 2026"],
    ["2026-02-28", "2026-03-09", "del 28 de febrero al 9 de marzo de 2026"],
    ["2025-12-28", "2026-01-03", "del 28 de diciembre de 2025 al 3 de enero de 2026"],
  ])("WEB-4: the period %s – %s reads «%s» in captions", (from, to, words) => {
    expect(formatDays(from, to)).toBe(words);
  });

  it("WEB-4: a section names the chosen days, or its own recent window with its moments", () => {
    const start = Date.parse("2026-11-13T12:00:00Z"),
      end = Date.parse("2026-11-20T12:00:00Z");
    const chosen = { from: "2026-03-03", to: "2026-03-09", start: 0, end: 1 };
    expect(periodWords(chosen, { start, end }, "Europe/Madrid", "en los últimos 7 días")).toEqual({
      caption: "del 3 al 9 de marzo de 2026",
      within: "del 3 al 9 de marzo de 2026",
    });
    const recent = periodWords(undefined, { start, end }, "Europe/Madrid", "en los últimos 7 días");
    expect(recent.caption).toBe("del 13 nov, 13:00 al 20 nov 2026, 13:00");
    expect(recent.within).toBe(`en los últimos 7 días (${recent.caption})`);
    expect(capitalized(recent.within)).toMatch(/^En los últimos/);
  });
});

describe("outlet chart permalinks (WEB-6)", () => {
  it("WEB-6: a permalink names its chart and the page's period, and parses back", async () => {
    const { outletChartHref, parseOutletChartQuery } = await import("../../../lib/pages/outlet-charts");
    const href = outletChartHref("el-pais", "retraso", { from: "2026-03-03", to: "2026-03-09" });
    expect(href).toBe("/cabeceras/el-pais/grafico.svg?tipo=retraso&desde=2026-03-03&hasta=2026-03-09");
    const parsed = parseOutletChartQuery(Object.fromEntries(new URL(href, "http://x.test").searchParams));
    expect(parsed.ok && parsed.value.kind).toBe("retraso");
    expect(parsed.ok && parsed.value.period?.from).toBe("2026-03-03");
    expect(outletChartHref("el-pais", "posiciones")).toBe("/cabeceras/el-pais/grafico.svg?tipo=posiciones");
    expect(parseOutletChartQuery({ tipo: "otro" }).ok).toBe(false);
    expect(parseOutletChartQuery({ tipo: "secciones", desde: "2026-03-09", hasta: "2026-03-01" }).ok).toBe(false);
  });
});
