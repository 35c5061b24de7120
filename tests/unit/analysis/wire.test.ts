import { describe, expect, it } from "vitest";
import { agencyCredit, agencyOfByline, wireCopies, WIRE_HAMMING_THRESHOLD, type WireItem } from "../../../lib/analysis/wire";
import { simhash } from "../../../lib/analysis/simhash";

const T0 = Date.parse("2026-03-10T08:00:00Z");
const HOUR = 3_600_000;

const wire =
  "El Gobierno aprobó este martes el plan de vivienda, que movilizará 1.200 millones de euros en tres años. " +
  "La ministra explicó en rueda de prensa que las ayudas llegarán primero a los jóvenes menores de 35 años. " +
  "Los sindicatos celebraron la medida pero pidieron más control sobre los precios del alquiler en las grandes ciudades. " +
  "La oposición anunció que presentará enmiendas en el Congreso antes de que termine el mes.";
const other =
  "El Real Madrid ganó anoche en Vigo con dos goles en la segunda parte y se coloca líder de la liga a falta de diez jornadas. " +
  "El entrenador destacó el trabajo defensivo del equipo y la aportación de los canteranos en un campo muy complicado. " +
  "La afición celebró la victoria en la Cibeles hasta bien entrada la madrugada, sin incidentes según la policía municipal.";

describe("agency credit", () => {
  it.each([
    ["MADRID, 10 mar. (EFE).- El Gobierno aprobó …", "EFE"],
    ["Bruselas, 3 abr (Europa Press) - La Comisión …", "Europa Press"],
    ["WASHINGTON (Reuters) - The …", "Reuters"],
    ["París, 2 may (AFP). Francia …", "AFP"],
    ["Nueva York (AP) — Un …", "AP"],
    ["Madrid, 4 jun (SERVIMEDIA). La ONCE …", "Servimedia"],
    ["Bilbao (Colpisa) - El …", "Colpisa"],
    ["El Gobierno aprobó … según informa la agencia. (EFE)", "EFE"],
    ["El Gobierno aprobó el plan. Lo dijo a EFE un portavoz.", undefined],
    ["La ministra (ep) …", undefined],
    ["Un artículo propio sin agencia.", undefined],
  ])("DER-3: the body %j credits %s", (body, agency) => {
    expect(agencyCredit({ body, authors: [] })).toBe(agency);
  });

  it.each([
    [["EFE"], "EFE"],
    [["Agencia EFE"], "EFE"],
    [["Europa Press"], "Europa Press"],
    [["Redacción / Agencias"], undefined],
    [["Agencias"], "Agencias"],
    [["Por Servimedia"], "Servimedia"],
    [["Ana Pérez Lobato"], undefined],
    [["Ana Pérez", "EFE"], "EFE"],
  ])("DER-3: the byline %j is agency %s", (authors, agency) => {
    expect(agencyOfByline(authors)).toBe(agency);
  });

  it("DER-3: a byline credit counts even when the body is not read (paywall, reservation)", () => {
    expect(agencyCredit({ authors: ["Europa Press"] })).toBe("Europa Press");
  });
});

describe("near-copy bodies", () => {
  const item = (articleId: number, outletId: number, at: number, text: string, credit?: string): WireItem => {
    const s = simhash(text);
    return { articleId, outletId, at, simhash: s.simhash, shingles: s.shingles, ...(credit ? { credit } : {}) };
  };

  it("DER-3: the same body at two outlets is agency copy, and takes the agency credited by either", () => {
    const verdicts = wireCopies(
      [
        item(1, 1, T0, `MADRID, 10 mar. (EFE).- ${wire}`, "EFE"),
        item(2, 2, T0 + HOUR, `MADRID, 10 mar. (EFE).- ${wire}`),
        item(3, 3, T0, other),
      ],
      { windowMs: 48 * HOUR },
    );
    expect(verdicts).toEqual([
      { articleId: 1, agency: "EFE" },
      { articleId: 2, agency: "EFE" },
    ]);
  });

  it("DER-3: a near copy without any credit is flagged with an unknown agency", () => {
    const verdicts = wireCopies([item(1, 1, T0, wire), item(2, 2, T0 + HOUR, wire.toUpperCase().replaceAll(",", ""))], {
      windowMs: 48 * HOUR,
    });
    expect(verdicts).toEqual([{ articleId: 1 }, { articleId: 2 }]);
  });

  it("DER-3: one outlet repeating its own text, different texts, or copies beyond the window are not agency copy", () => {
    expect(wireCopies([item(1, 1, T0, wire), item(2, 1, T0 + HOUR, wire)], { windowMs: 48 * HOUR })).toEqual([]);
    expect(wireCopies([item(1, 1, T0, wire), item(2, 2, T0, other)], { windowMs: 48 * HOUR })).toEqual([]);
    expect(wireCopies([item(1, 1, T0, wire), item(2, 2, T0 + 49 * HOUR, wire)], { windowMs: 48 * HOUR })).toEqual([]);
  });

  it("DER-3: a credit line alone flags the article; bodies too short to compare are not copies", () => {
    expect(wireCopies([item(1, 1, T0, other, "AFP")], { windowMs: HOUR })).toEqual([{ articleId: 1, agency: "AFP" }]);
    expect(wireCopies([item(1, 1, T0, "Breve."), item(2, 2, T0, "Breve.")], { windowMs: HOUR })).toEqual([]);
  });

  it("DER-3: the threshold is 3 bits of 64, and the bucket search refuses thresholds it cannot search exactly", () => {
    expect(WIRE_HAMMING_THRESHOLD).toBe(3);
    expect(() => wireCopies([], { windowMs: HOUR, threshold: 8 })).toThrow();
  });
});
