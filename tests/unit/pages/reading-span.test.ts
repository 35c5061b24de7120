/** A "last 7 days" table that says when some outlets were read for less (SPEC WEB-7: figures that cannot mislead). */
import { describe, expect, it } from "vitest";
import { outletReadingNote, readingSpanNote } from "../../../lib/pages/reading-span";

const H = 3_600_000;
const start = Date.parse("2026-11-29T19:00:00Z");
const zone = "Europe/Madrid";

describe("the reading span of a 7-day comparison", () => {
  it("WEB-7: outlets read since before the window need no note; outlets not read yet are not counted as late", () => {
    expect(readingSpanNote([start - 10 * H, start - H, null], start, zone)).toBeNull();
  });

  it("WEB-7: when every outlet was first read within the window, it names when reading began and says the figures are not a week's", () => {
    const began = Date.parse("2026-12-05T23:30:00Z");
    expect(readingSpanNote([began, began + 20 * 60_000, null], start, zone)).toBe(
      "Empezamos a leer estas cabeceras el 6 dic 2026, 00:30: sus cifras cubren el tiempo leído desde entonces, no 7 días.",
    );
  });

  it("WEB-7: when some outlets were added later, it counts them and gives the span of their first reads", () => {
    const note = readingSpanNote([start - H, Date.parse("2026-12-02T08:00:00Z"), Date.parse("2026-12-04T08:00:00Z")], start, zone);
    expect(note).toBe(
      "2 de estas cabeceras las leemos desde entre el 2 dic 2026, 09:00 y el 4 dic 2026, 09:00, menos de 7 días: sus cifras cubren solo el tiempo leído, y no se comparan tal cual con las demás.",
    );
    expect(readingSpanNote([start - H, Date.parse("2026-12-02T08:00:00Z")], start, zone)).toMatch(
      /^Una de estas cabeceras la leemos desde el 2 dic 2026, 09:00, menos de 7 días/,
    );
  });

  it("WEB-7: an outlet's page says since when the outlet is read when that is inside the figures' period", () => {
    expect(outletReadingNote(null, start, zone)).toBeNull();
    expect(outletReadingNote(start - H, start, zone)).toBeNull();
    expect(outletReadingNote(Date.parse("2026-12-05T23:30:00Z"), start, zone)).toBe(
      "Leemos esta cabecera desde el 6 dic 2026, 00:30: antes no hay datos, y las cifras del periodo cubren solo el tiempo leído desde entonces.",
    );
  });
});
