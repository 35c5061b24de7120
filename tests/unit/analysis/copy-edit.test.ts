import { describe, expect, it } from "vitest";
import { copyEdit, editBand } from "../../../lib/analysis/copy-edit";
import { simhash } from "../../../lib/analysis/simhash";

describe("edit distance of an agency copy", () => {
  it.each([
    [0, "identica", "idéntica"],
    [1, "retocada", "retoques menores"],
    [3, "retocada", "retoques menores"],
    [4, "editada", "editada"],
    [12, "editada", "editada"],
    [13, "reescrita", "muy reescrita"],
    [32, "reescrita", "muy reescrita"],
    [64, "reescrita", "muy reescrita"],
  ])("DER-10: %i bits is band %s (%s)", (bits, band, label) => {
    expect(editBand(bits)).toEqual({ band, label });
  });

  it.each([-1, 65, 2.5, Number.NaN])("DER-10: %s bits is not a 64-bit distance", (bits) => {
    expect(() => editBand(bits)).toThrow(RangeError);
  });

  it("DER-10: a copy's distance to the earliest copy, in bits and in words; none without both summaries", () => {
    const agency =
      "El Gobierno aprueba hoy en el Consejo de Ministros la reforma de la ley de vivienda que limita los alquileres en las zonas tensionadas del país";
    const original = simhash(agency).simhash;
    expect(copyEdit(simhash(agency.toUpperCase()).simhash, original)).toEqual({ bits: 0, band: "identica", label: "idéntica" });
    const rewritten = simhash(
      "Los inquilinos de las grandes ciudades verán topes a sus rentas tras la aprobación de la norma en Moncloa este martes",
    ).simhash;
    expect(copyEdit(rewritten, original)!.bits).toBeGreaterThan(12);
    expect(copyEdit(rewritten, original)!.band).toBe("reescrita");
    expect(copyEdit(null, original)).toBeNull();
    expect(copyEdit(original, null)).toBeNull();
  });
});
