/** Placement alerts as their addresses carry them: validated, and the feed address normalised (SPEC WEB-6). */
import { describe, expect, it } from "vitest";
import { alertFeedPath, alertPagePath, parsePlacementAlert, parseRewriteAlert } from "../../../lib/pages/alert-params";

describe("alert addresses", () => {
  it("WEB-6: a placement alert needs words; outlets come from medios= or ticked medio=, sorted, once; the top is 1–10", () => {
    const ok = parsePlacementAlert({ q: " vivienda ", medio: ["elpais", "abc"], medios: "elpais,elmundo" });
    expect(ok).toEqual({ ok: true, value: { kind: "puestos", q: "vivienda", outlets: ["abc", "elmundo", "elpais"], top: 5 } });
    expect(ok.ok && alertFeedPath(ok.value)).toBe("/alertas/puestos.atom?q=vivienda&medios=abc%2Celmundo%2Celpais&puesto=5");
    expect(ok.ok && alertPagePath(ok.value)).toBe("/alertas?tipo=puestos&q=vivienda&medios=abc%2Celmundo%2Celpais&puesto=5");
    expect(parsePlacementAlert({})).toMatchObject({ ok: false, reason: expect.stringContaining("palabras") });
    for (const puesto of ["0", "11", "3.5", "x"]) {
      expect(parsePlacementAlert({ q: "a", puesto })).toMatchObject({ ok: false, reason: expect.stringContaining("entre 1 y 10") });
    }
    expect(parsePlacementAlert({ q: "a", medios: "Mal Slug" })).toMatchObject({ ok: false });
    expect(parsePlacementAlert({ q: ["a", "b"] })).toMatchObject({ ok: false, reason: expect.stringContaining("más de una vez") });
    expect(parsePlacementAlert({ q: "a", medios: Array.from({ length: 21 }, (_, i) => `m${i}`).join(",") })).toMatchObject({ ok: false });
  });

  it("WEB-6: a rewrite alert takes 1–72 hours (6 by default) and any outlets", () => {
    expect(parseRewriteAlert({})).toEqual({ ok: true, value: { kind: "reescrituras", outlets: [], hours: 6 } });
    const ok = parseRewriteAlert({ horas: "12", medios: "elpais" });
    expect(ok.ok && alertFeedPath(ok.value)).toBe("/alertas/reescrituras.atom?medios=elpais&horas=12");
    expect(parseRewriteAlert({ horas: "73" })).toMatchObject({ ok: false, reason: expect.stringContaining("entre 1 y 72") });
  });
});
