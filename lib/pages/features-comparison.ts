/**
 * The headline features table of /cabeceras (SPEC DER-1, DER-4, WEB-2, WEB-7): per outlet, the
 * shares of its headlines with each feature and with each framing letter, each with the count
 * it rests on, and how the table sorts by each column with a plain link (`?rasgos=`). Pure.
 */
import { FRAME_LETTERS, FRAMES } from "../analysis/framing-letters";
import { enoughData, tooLittleData } from "./enough-data";
import { featureShares, type FeatureCounts } from "./headline-feature-shares";
import { formatPercent } from "./period";
import type { TableSort } from "./table-sort";

/** One outlet as the table reads it: features of its headlines, and framing letters (null under «sin anotación de modelo»). */
export interface FeaturesLine {
  slug: string;
  name: string;
  features: FeatureCounts & { otherLanguage: number };
  framing: { headlines: number; letters: Record<string, number> } | null;
}

/** A framing letter's share, printed as the feature shares are; null share: too little data or withheld. */
export interface FramingShare {
  letter: string;
  share: number | null;
  text: string;
}

/** The framing columns, in the letters' order: sort key and header. */
export const FRAMING_COLUMNS = FRAME_LETTERS.map((letter) => ({
  letter,
  key: `encuadre-${letter.toLowerCase()}`,
  label: `${letter} · ${FRAMES[letter].name}`,
}));

/** Each letter's share of the framed headlines, or why there is none. */
export function framingShares(framing: FeaturesLine["framing"]): FramingShare[] {
  return FRAME_LETTERS.map((letter) => {
    if (framing === null) return { letter, share: null, text: "no se muestra (a petición del medio)" };
    if (!enoughData("headlineFeatures", framing.headlines))
      return { letter, share: null, text: tooLittleData("headlineFeatures", framing.headlines) };
    const count = framing.letters[letter] ?? 0;
    const share = count / framing.headlines;
    return { letter, share, text: `${formatPercent(share)} (${count} de ${framing.headlines})` };
  });
}

/** The feature columns' sort keys, by feature. */
export const FEATURE_SORT_KEYS = { questions: "preguntas", quotes: "citas", numbers: "cifras", clickbait: "clickbait" } as const;

const featureShare = (key: keyof typeof FEATURE_SORT_KEYS) => (line: FeaturesLine) =>
  featureShares(line.features).find((s) => s.key === key)!.share ?? undefined;
const framingShare = (letter: string) => (line: FeaturesLine) =>
  framingShares(line.framing).find((s) => s.letter === letter)!.share ?? undefined;

/** WEB-2: the table sorts by any column; shares below the threshold (or withheld) go last either way. */
export const FEATURES_SORT: TableSort<FeaturesLine> = {
  param: "rasgos",
  keys: {
    nombre: (l) => l.name,
    titulares: (l) => l.features.headlines,
    ...Object.fromEntries(
      Object.entries(FEATURE_SORT_KEYS).map(([feature, key]) => [key, featureShare(feature as keyof typeof FEATURE_SORT_KEYS)]),
    ),
    "otros-idiomas": (l) => l.features.otherLanguage,
    ...Object.fromEntries(FRAMING_COLUMNS.map((c) => [c.key, framingShare(c.letter)])),
  },
  fallback: { column: "nombre", descending: false },
};
