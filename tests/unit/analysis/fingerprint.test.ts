import { describe, expect, it } from "vitest";
import { fingerprintTokens, hasLede, isName, ledeNames, storyFingerprint, storyTokens, tokenHash } from "../../../lib/analysis/fingerprint";
import { documentCounts, tokenMass, weightedJaccard } from "../../../lib/analysis/story-similarity";

describe("story fingerprint", () => {
  it("DER-2: tokens are accent-folded, lower case, without Spanish stop words or headline framing", () => {
    expect(storyTokens("Última hora | La ministra de Hacienda aprueba 120 millones para el plan de vivienda en Peñablanca"))
      .toEqual(["ministra", "hacienda", "aprueba", "120", "millones", "plan", "vivienda", "penablanca"]);
    expect(storyTokens("¿Por qué el Gobierno no lo ha dicho?")).toEqual(["gobierno", "dicho"]);
  });

  it.each([
    ["El presidente del Riberalta CF Gonzalo Muñiz ha puesto el estadio en el centro del debate en Monteoscuro.", ["riberalta", "cf", "gonzalo", "muniz", "monteoscuro"]],
    ["Según datos del INE, el paro bajó en 4500 personas en marzo. Hacienda lo celebra.", ["ine", "4500"]],
    ["", []],
  ])("DER-2: a lede contributes its names and figures, not its prose: %s", (lede, names) => {
    expect(ledeNames(lede)).toEqual(names);
  });

  it("DER-2: a fingerprint is a flag then distinct token hashes in ascending order, the same for the same words in any order", () => {
    const a = storyFingerprint("Rocafort aprueba el plan de vivienda").fingerprint;
    expect(a[0]).toBe(0);
    expect(a.slice(1)).toEqual([...a.slice(1)].sort((x, y) => x - y));
    expect(new Set(a.slice(1)).size).toBe(a.length - 1);
    expect(storyFingerprint("Rocafort aprueba vivienda, el plan de vivienda").fingerprint).toEqual(a);
    expect(a.every((x) => Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 31)).toBe(true);
    expect(storyFingerprint("", "").tokens).toBe(0);
  });

  it("DER-2: names and figures are told from other words in the lowest bit", () => {
    const tokens = fingerprintTokens(storyFingerprint("La ministra aprueba 120 millones", "Según Elena Rocafort, en Peñablanca.").fingerprint);
    expect(tokens.filter(isName).length).toBe(4); // 120, elena, rocafort, penablanca
    expect(tokens).toContain(tokenHash("rocafort", true));
    expect(tokens).toContain(tokenHash("ministra", false));
    expect(tokens).not.toContain(tokenHash("ministra", true));
  });

  it("DER-2: the flag says whether the lede's names are in; the headline's tokens are the same either way", () => {
    const headline = "La ministra de Hacienda aprueba 120 millones para el plan de vivienda";
    const withLede = storyFingerprint(headline, "La ministra Elena Rocafort lo anunció en Peñablanca.").fingerprint;
    const without = storyFingerprint(headline).fingerprint;
    expect(hasLede(withLede)).toBe(true);
    expect(hasLede(without)).toBe(false);
    expect(Array.from(fingerprintTokens(withLede))).toEqual(expect.arrayContaining(Array.from(fingerprintTokens(without))));
  });
});

describe("story similarity", () => {
  const lede = (place: string, code: string) => `La ministra de Hacienda Elena Rocafort anunció el plan en ${place}, según el documento ${code}.`;
  const one = fingerprintTokens(storyFingerprint("La ministra de Hacienda aprueba 120 millones para el plan de vivienda", lede("Peñablanca", "Ravel-4821")).fingerprint);
  const two = fingerprintTokens(storyFingerprint("Rocafort: «Habrá 120 millones para el plan de vivienda»", lede("Peñablanca", "Tordo-1190")).fingerprint);
  const other = fingerprintTokens(storyFingerprint("Rocafort critica los presupuestos regionales", lede("Castrofrío", "Mizor-7781")).fingerprint);
  const counts = documentCounts([one, two, other]);
  const sim = (a: Int32Array, b: Int32Array, nameWeight = 2) => weightedJaccard(a, b, { counts, nameWeight, massA: tokenMass(a, counts, nameWeight), massB: tokenMass(b, counts, nameWeight) });

  it("DER-2: two outlets' wording of one piece of news is far more alike than the same person in other news", () => {
    expect(sim(one, two)).toBeGreaterThan(sim(one, other) + 0.3);
    expect(sim(one, one)).toBe(1);
  });

  it("DER-2: a token no other article of the window has weighs nothing; names weigh more than words", () => {
    expect(tokenMass(one, counts, 2)).toBeLessThan(tokenMass(one, new Map([...one].map((t) => [t, 2])), 2));
    const [x, w1, w2] = [tokenHash("rocafort", true), tokenHash("aprueba", false), tokenHash("destina", false)];
    const a = Int32Array.from([x, w1].sort((p, q) => p - q));
    const b = Int32Array.from([x, w2].sort((p, q) => p - q));
    const c = Int32Array.from([w1, w2].sort((p, q) => p - q));
    const window = documentCounts([a, b, c]);
    const alike = (nameWeight: number) => weightedJaccard(a, b, { counts: window, nameWeight, massA: tokenMass(a, window, nameWeight), massB: tokenMass(b, window, nameWeight) });
    expect(alike(2)).toBeCloseTo(0.5);
    expect(alike(1)).toBeCloseTo(1 / 3);
    expect(sim(one, fingerprintTokens(storyFingerprint("Nada en común aquí").fingerprint))).toBe(0);
  });
});
