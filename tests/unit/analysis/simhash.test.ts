import { describe, expect, it } from "vitest";
import { hammingDistance, simhash, words } from "../../../lib/analysis/simhash";

const body = (extra = "") =>
  `El Gobierno aprobó este martes el plan de vivienda, que movilizará 1.200 millones de euros en tres años. ` +
  `La ministra explicó en rueda de prensa que las ayudas llegarán primero a los jóvenes menores de 35 años. ` +
  `Los sindicatos celebraron la medida pero pidieron más control sobre los precios del alquiler. ${extra}`;

describe("body summary", () => {
  it("DER-3: the same body gives the same 64-bit summary, whatever the case and accents", () => {
    expect(simhash(body()).simhash).toBe(simhash(body().toUpperCase().normalize("NFD").replace(/\p{M}/gu, "")).simhash);
    expect(simhash(body()).shingles).toBe(words(body()).length - 2);
  });

  it("DER-3: a reprint with a line added stays within a few bits; another story is far", () => {
    const original = simhash(body()).simhash;
    const reprint = simhash(body("Con información de Europa Press.")).simhash;
    const other = simhash(
      "El Real Madrid ganó anoche en Vigo con dos goles en la segunda parte y se coloca líder de la liga a falta de diez jornadas para el final.",
    ).simhash;
    expect(hammingDistance(original, reprint)).toBeLessThanOrEqual(10);
    expect(hammingDistance(original, other)).toBeGreaterThan(16);
  });

  it("STO-2: the summary is a number that fits a signed 64-bit column; an empty body is 0", () => {
    const { simhash: value } = simhash(body());
    expect(value).toBe(BigInt.asIntN(64, value));
    expect(simhash("")).toEqual({ simhash: 0n, shingles: 0 });
  });
});
