/**
 * What the worker stores for a batch of headline versions (SPEC DER-1, DER-4, PUB-1,
 * SIG-3): features for each headline hash that has none, and a framing letter for each
 * one that has none and that some outlet free of "sin anotación de modelo" and `noai`
 * shows. No database handle: the worker loads the rows, calls this and stores the result.
 */
import type { FramingModel, FramingResult } from "./framing-model";
import { headlineFeatures, type HeadlineFeatures } from "./headline-features";
import type { DetectLanguage } from "./language";

/** One stored headline version, as the worker reads it. */
export interface VersionToAnalyse {
  textHash: string;
  text: string;
  outletId: number;
}

/** Rows to insert; each keyed by the headline's hash. */
export interface HeadlineAnalysis {
  features: (HeadlineFeatures & { textHash: string })[];
  framing: (FramingResult & { textHash: string; modelSha256: string })[];
}

/** Inputs besides the versions: what is stored already, who is out of model work, and the models. */
export interface AnalysisContext {
  hasFeatures: ReadonlySet<string>;
  hasFraming: ReadonlySet<string>;
  /** Outlets under "sin anotación de modelo" or whose pages carry `noai`: no model sees their headlines. */
  noModelOutlets: ReadonlySet<number>;
  detectLanguage: DetectLanguage;
  model: FramingModel;
}

/**
 * Analyse the versions' headlines. A headline shown only by outlets out of model work gets
 * its counts but no language (the identifier is a model too) and no framing letter; one in a
 * language other than Spanish gets no Spanish markers (headline-features.ts) and no letter.
 */
export async function analyseHeadlines(versions: readonly VersionToAnalyse[], c: AnalysisContext): Promise<HeadlineAnalysis> {
  const byHash = new Map<string, { text: string; modelMaySee: boolean }>();
  for (const v of versions) {
    const seen = byHash.get(v.textHash);
    const modelMaySee = !c.noModelOutlets.has(v.outletId);
    byHash.set(v.textHash, { text: seen?.text ?? v.text, modelMaySee: (seen?.modelMaySee ?? false) || modelMaySee });
  }
  const out: HeadlineAnalysis = { features: [], framing: [] };
  for (const [textHash, { text, modelMaySee }] of byHash) {
    const language = modelMaySee ? c.detectLanguage(text) : null;
    if (!c.hasFeatures.has(textHash)) out.features.push({ textHash, ...headlineFeatures(text, modelMaySee ? () => language : null) });
    // DER-12: the framing model was fitted on Spanish headlines; a headline in another language gets no letter ("no aplicable").
    if (language !== null && language !== "es") continue;
    // DER-4: the model receives the headline text and nothing else.
    if (modelMaySee && !c.hasFraming.has(textHash))
      out.framing.push({ textHash, modelSha256: c.model.sha256, ...(await c.model.classify(text)) });
  }
  return out;
}
