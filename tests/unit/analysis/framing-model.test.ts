import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { FRAME_LETTERS, FRAMES } from "../../../lib/analysis/framing-letters";
import { parseTrainingSet } from "../../../lib/analysis/framing-fit";
import { SHIPPED_FRAMING_SHA256, sha256Hex, shippedFramingModel, softmax } from "../../../lib/analysis/framing-model";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const MODEL = new URL("../../../lib/analysis/framing-model.json", import.meta.url);

describe("framing model (DER-4)", () => {
  it("DER-4: the shown SHA-256 is the hash of the model file's bytes", () => {
    expect(SHIPPED_FRAMING_SHA256).toBe(sha256Hex(fs.readFileSync(MODEL)));
    expect(shippedFramingModel().sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("DER-4: scripts/fit-framing.ts reproduces the shipped file byte for byte from the team's training set", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/fit-framing.ts", "--check"], { encoding: "utf8" });
    expect(out).toContain(SHIPPED_FRAMING_SHA256);
  }, 30_000);

  it.each([
    ["Sánchez y Puigdemont se enfrentan por la financiación", "C"],
    ["Una madre cuenta cómo perdió a su hijo en la riada", "H"],
    ["El precio del alquiler sube un 11% en un año", "E"],
    ["Los obispos piden respeto a la dignidad de los presos", "M"],
    ["La jueza imputa al alcalde por las obras del puerto", "R"],
    ["El tiempo para mañana: sol en todo el país", "N"],
  ])("DER-4: %j (not in the training set) gets letter %s", async (headline, letter) => {
    const r = await shippedFramingModel().classify(headline);
    expect(r.letter).toBe(letter);
    expect(r.score).toBeGreaterThan(0.5);
  });

  it("DER-4: the classifier takes the headline text alone and returns a letter with a probability", async () => {
    const model = shippedFramingModel();
    expect(model.classify.length).toBe(1);
    const r = await model.classify("");
    expect(FRAME_LETTERS).toContain(r.letter);
    expect(r.score).toBeGreaterThan(0);
    expect(r.score).toBeLessThanOrEqual(1);
  });

  it("DER-4: softmax gives probabilities that sum to 1, even for large scores", () => {
    const p = softmax([1000, 999, -5]);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[0]).toBeGreaterThan(p[1]!);
  });

  it("DER-4: every letter has a Spanish name and meaning, and the training set covers each letter", () => {
    const rows = parseTrainingSet(fs.readFileSync(new URL("../../../lib/analysis/framing-training.tsv", import.meta.url), "utf8"));
    for (const l of FRAME_LETTERS) {
      expect(FRAMES[l].name.length).toBeGreaterThan(3);
      expect(rows.filter((r) => r.letter === l).length).toBeGreaterThanOrEqual(40);
    }
    expect(() => parseTrainingSet("X\tUn titular")).toThrow(/line 1/);
  });
});
