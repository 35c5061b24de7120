/**
 * Headline features as the outlet page and /cabeceras print them (SPEC DER-1, WEB-7): each
 * share with the count it rests on, or "aún pocos datos" below the threshold of enough-data.ts.
 * Pure.
 */
import { CLICKBAIT_PATTERNS } from "../analysis/clickbait";
import { enoughData, tooLittleData } from "./enough-data";
import { formatPercent } from "./period";

/** The counts a share table needs (db/figures/headline-feature-shares.ts). */
export interface FeatureCounts {
  headlines: number;
  questions: number;
  quotes: number;
  numbers: number;
  clickbait: number;
}

/** The features shown, in order: key in the counts, column label. */
export const FEATURE_COLUMNS: readonly { key: keyof Omit<FeatureCounts, "headlines">; label: string; hint: string }[] = [
  { key: "questions", label: "Preguntas", hint: "llevan signo de interrogación" },
  { key: "quotes", label: "Citas", hint: "llevan una cita entre comillas" },
  { key: "numbers", label: "Cifras", hint: "llevan un número, en cifras o en letra" },
  // Named for what it counts: headlines with a formula we recognise, not headlines that are clickbait (clickbait-measured.ts).
  { key: "clickbait", label: "Fórmulas reconocidas", hint: "usan al menos una fórmula de ciberanzuelo de nuestra lista" },
];

/** One feature's share: the text to print, and the number to sort by (null below the threshold). */
export interface FeatureShare {
  key: string;
  label: string;
  count: number;
  share: number | null;
  text: string;
}

/** The shares of `counts`, each "23 % (12 de 52)", or "aún pocos datos (…)" with fewer headlines than the threshold. */
export function featureShares(counts: FeatureCounts): FeatureShare[] {
  const enough = enoughData("headlineFeatures", counts.headlines);
  return FEATURE_COLUMNS.map(({ key, label }) => {
    const count = counts[key];
    const share = enough ? count / counts.headlines : null;
    return {
      key,
      label,
      count,
      share,
      text:
        share === null ? tooLittleData("headlineFeatures", counts.headlines) : `${formatPercent(share)} (${count} de ${counts.headlines})`,
    };
  });
}

/** What a clickbait formula id stands for, as /metodologia lists it. */
export function formulaDescription(id: string): string {
  return CLICKBAIT_PATTERNS.find((p) => p.id === id)?.description ?? id;
}
