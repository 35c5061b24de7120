import { describe, expect, it } from "vitest";
import { bandKeys, hasLede, ledeNames, MINHASH_SIZE, minhash, similarity, storyFingerprint, storySimilarity, storyTokens } from "../../../lib/analysis/fingerprint";

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

  it("DER-2: a signature has 64 signed 32-bit slots, the same for the same tokens in any order", () => {
    const a = minhash(["vivienda", "plan", "rocafort"]);
    expect(a).toHaveLength(MINHASH_SIZE);
    expect(a.every((x) => Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 31)).toBe(true);
    expect(minhash(["rocafort", "plan", "vivienda", "plan"])).toEqual(a);
  });

  it("DER-2: the share of equal slots estimates the Jaccard similarity of the token sets", () => {
    const words = Array.from({ length: 200 }, (_, i) => `palabra${i}`);
    const a = minhash(words.slice(0, 100));
    const half = minhash(words.slice(50, 150)); // Jaccard 50/150 = 0.33
    const disjoint = minhash(words.slice(100, 200));
    expect(similarity(a, a)).toBe(1);
    expect(Math.abs(similarity(a, half) - 1 / 3)).toBeLessThan(0.15);
    expect(similarity(a, disjoint)).toBeLessThan(0.1);
  });

  it("DER-2: an empty text matches nothing, not even another empty text", () => {
    expect(similarity(minhash([]), minhash([]))).toBe(0);
    expect(storyFingerprint("", "").tokens).toBe(0);
  });

  it("DER-2: the same story told by two outlets is closer than another story of the same person", () => {
    const lede = (place: string, code: string) => `La ministra de Hacienda Elena Rocafort ha puesto el plan de vivienda en el centro del debate en ${place}, según el documento ${code}.`;
    const one = storyFingerprint("La ministra de Hacienda aprueba 120 millones para el plan de vivienda", lede("Peñablanca", "Ravel-4821"));
    const two = storyFingerprint("Rocafort: «Habrá 120 millones para el plan de vivienda»", lede("Peñablanca", "Tordo-1190"));
    const other = storyFingerprint("Rocafort critica los presupuestos regionales", lede("Castrofrío", "Mizor-7781"));
    expect(similarity(one.minhash, two.minhash)).toBeGreaterThan(similarity(one.minhash, other.minhash) + 0.1);
  });

  it("DER-2: LSH band keys: one per band, equal bands give equal keys, a band's number is part of its key", () => {
    const a = minhash(["a1", "b2"]);
    const keys = bandKeys(a, 16, 4);
    expect(keys).toHaveLength(16);
    expect(new Set(keys).size).toBe(16);
    const b = [...a];
    b[0] = b[0]! + 1; // only the first band differs
    expect(bandKeys(b, 16, 4).slice(1)).toEqual(keys.slice(1));
    expect(bandKeys(b, 16, 4)[0]).not.toBe(keys[0]);
    expect(bandKeys(new Array(64).fill(7), 16, 4)).toHaveLength(16);
    expect(new Set(bandKeys(new Array(64).fill(7), 16, 4)).size).toBe(16);
  });

  it("DER-2: a fingerprint is two signatures, headline + lede names then headline alone; like is compared with like", () => {
    const headline = "Rocafort aprueba el plan de vivienda";
    const withLede = storyFingerprint(headline, "La ministra Elena Rocafort lo anunció en Peñablanca.").minhash;
    const without = storyFingerprint(headline).minhash;
    expect(withLede).toHaveLength(2 * MINHASH_SIZE);
    expect(hasLede(withLede)).toBe(true);
    expect(hasLede(without)).toBe(false);
    expect(withLede.slice(MINHASH_SIZE)).toEqual(without.slice(MINHASH_SIZE));
    // One side without a lede: the headlines alone are compared, so the same headline is identical.
    expect(storySimilarity(withLede, without)).toBe(1);
    expect(storySimilarity(withLede.slice(0, MINHASH_SIZE), withLede.slice(0, MINHASH_SIZE))).toBe(1);
  });
});
