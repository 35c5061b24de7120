import { describe, expect, it } from "vitest";
import {
  citeBylines,
  citeHeadline,
  headlineForDisplay,
  makePolicies,
  mayRequest,
  OPEN_POLICY,
  policyFromScopes,
  UNSIGNED,
  WITHHELD_HEADLINE,
  type RequestKind,
} from "../../../lib/policy";

const kinds: RequestKind[] = ["feed", "sitemap", "frontpage", "article", "legal", "probe"];

describe("the policy module (PUB-6)", () => {
  it("PUB-1: with nothing in force everything is requested and shown", () => {
    expect(kinds.every((k) => mayRequest(OPEN_POLICY, k))).toBe(true);
    expect(citeHeadline(OPEN_POLICY, "Titular")).toEqual({ text: "Titular", withheld: false });
  });

  it("PUB-1: total requests nothing and shows nothing", () => {
    const p = policyFromScopes(["total"]);
    expect(kinds.filter((k) => mayRequest(p, k))).toEqual([]);
    expect(p).toMatchObject({ excluded: true, headlinesVerbatim: false, positions: false, modelAnnotations: false, probing: false });
  });

  it("PUB-1: sin titulares literales withholds the headline text but keeps collecting", () => {
    const p = policyFromScopes(["sin-titulares-literales"]);
    expect(citeHeadline(p, "Titular")).toEqual({ text: null, withheld: true });
    expect(headlineForDisplay(p, "Titular")).toBe(WITHHELD_HEADLINE);
    expect(kinds.every((k) => mayRequest(p, k))).toBe(true);
    expect(p.positions && p.modelAnnotations).toBe(true);
  });

  it("PUB-1: sin posición stops front-page captures and probes and hides positions", () => {
    const p = policyFromScopes(["sin-posicion"]);
    expect(kinds.filter((k) => !mayRequest(p, k))).toEqual(["frontpage", "probe"]);
    expect(p.positions).toBe(false);
    expect(p.headlinesVerbatim).toBe(true);
  });

  it("PUB-1: sin anotación de modelo only turns the models off", () => {
    const p = policyFromScopes(["sin-anotacion-de-modelo"]);
    expect(p).toMatchObject({ modelAnnotations: false, headlinesVerbatim: true, positions: true, excluded: false });
    expect(kinds.every((k) => mayRequest(p, k))).toBe(true);
  });

  it("PUB-3: stop probing ends only the probes", () => {
    const p = policyFromScopes(["sin-sondeo"]);
    expect(kinds.filter((k) => !mayRequest(p, k))).toEqual(["probe"]);
  });

  it("PUB-6: scopes combine per outlet, and total outlets are listed for every consumer", () => {
    const all = makePolicies(
      [
        { outletId: 2, scope: "sin-posicion" },
        { outletId: 2, scope: "sin-titulares-literales" },
        { outletId: 7, scope: "total" },
      ],
      [],
    );
    expect(all.forOutlet(1)).toBe(OPEN_POLICY);
    expect(all.forOutlet(2).scopes).toEqual(["sin-titulares-literales", "sin-posicion"]);
    expect(all.excludedOutletIds).toEqual([7]);
  });

  it("PUB-5: a hidden author's byline is cited as unsigned, whatever its case and accents", () => {
    const { hiddenAuthors } = makePolicies([], ["José  Pérez"]);
    expect(citeBylines(["JOSE PEREZ", "Ana Ruiz"], hiddenAuthors)).toEqual(["Ana Ruiz", UNSIGNED]);
    expect(citeBylines(["Ana Ruiz"], hiddenAuthors)).toEqual(["Ana Ruiz"]);
  });
});
