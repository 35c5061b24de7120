import { describe, expect, it } from "vitest";
import type { FramingModel } from "../../../lib/analysis/framing-model";
import { analyseHeadlines } from "../../../lib/analysis/headline-analysis";

function spyModel() {
  const calls: unknown[][] = [];
  const model: FramingModel = {
    sha256: "f".repeat(64),
    kind: "prueba",
    classify: async (...args: unknown[]) => {
      calls.push(args);
      return { letter: "N", score: 0.5 };
    },
  };
  return { model, calls };
}

describe("what the worker stores for a batch of headline versions", () => {
  const versions = [
    { textHash: "h1", text: "Titular abierto", outletId: 1 },
    { textHash: "h2", text: "Titular compartido", outletId: 2 },
    { textHash: "h2", text: "Titular compartido", outletId: 1 },
    { textHash: "h3", text: "Titular de medio excluido", outletId: 2 },
    { textHash: "h4", text: "Titular ya analizado", outletId: 1 },
  ];

  it("DER-1, DER-4, PUB-1: features once per hash; a letter only for headlines an open outlet shows; nothing twice", async () => {
    const { model, calls } = spyModel();
    const out = await analyseHeadlines(versions, {
      hasFeatures: new Set(["h4"]),
      hasFraming: new Set(["h4"]),
      noModelOutlets: new Set([2]),
      detectLanguage: () => "es",
      model,
    });
    expect(out.features.map((f) => [f.textHash, f.language])).toEqual([
      ["h1", "es"],
      ["h2", "es"],
      ["h3", null],
    ]);
    expect(out.framing).toEqual([
      { textHash: "h1", letter: "N", score: 0.5, modelSha256: model.sha256 },
      { textHash: "h2", letter: "N", score: 0.5, modelSha256: model.sha256 },
    ]);
    // DER-4: the model is called with the headline text and nothing else.
    expect(calls).toEqual([["Titular abierto"], ["Titular compartido"]]);
  });

  it("DER-12: a headline in Catalan, Galician or Basque gets no framing letter and no Spanish clickbait markers", async () => {
    const { model, calls } = spyModel();
    const language: Record<string, string> = {
      "El Govern aprova el pressupost: no et creuràs el motiu": "ca",
      "Así es el nuevo plan: no te lo vas a creer": "es",
    };
    const out = await analyseHeadlines(
      Object.keys(language).map((text, i) => ({ textHash: `x${i}`, text, outletId: 1 })),
      {
        hasFeatures: new Set(),
        hasFraming: new Set(),
        noModelOutlets: new Set(),
        detectLanguage: (t) => language[t] ?? null,
        model,
      },
    );
    expect(out.features.map((f) => [f.language, f.clickbaitPatterns.length > 0])).toEqual([
      ["ca", false],
      ["es", true],
    ]);
    expect(out.framing.map((f) => f.textHash)).toEqual(["x1"]);
    expect(calls).toEqual([["Así es el nuevo plan: no te lo vas a creer"]]);
  });
});
