/**
 * A story's descriptor in our own words (SPEC DER-5): its key terms, the words its
 * members' headlines share that are rare in the other headlines of the window (tf-idf),
 * ranked by that score — a list of terms, never a copy of anyone's headline.
 */
import { SPANISH_STOP_WORDS } from "./stopwords-es";

const fold = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Folded token → how the word is written, for each content word of a headline. */
export function headlineTerms(headline: string): Map<string, string> {
  const terms = new Map<string, string>();
  for (const word of headline.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const key = fold(word);
    if (key.length < 3 || SPANISH_STOP_WORDS.has(key) || terms.has(key)) continue;
    terms.set(key, word);
  }
  return terms;
}

/** Document frequency of each folded term over a set of headlines. */
export function documentFrequency(headlines: Iterable<string>): { df: Map<string, number>; documents: number } {
  const df = new Map<string, number>();
  let documents = 0;
  for (const h of headlines) {
    documents++;
    for (const key of headlineTerms(h).keys()) df.set(key, (df.get(key) ?? 0) + 1);
  }
  return { df, documents };
}

/**
 * Up to `max` key terms of a story from its members' headlines: terms in at least two of
 * them (one, for a story of one headline, or of headlines that share no word: members
 * placed together by their ledes still get a descriptor), scored by share of members × log
 * inverse document frequency in the window. Each term is written as the headlines mostly write
 * it, lower-cased unless it is a name (capitalised everywhere but a headline's start).
 */
export function keyTerms(members: readonly string[], window: { df: Map<string, number>; documents: number }, max = 4): string[] {
  const counts = new Map<string, { n: number; forms: Map<string, number> }>();
  for (const headline of members) {
    let first = true;
    for (const [key, word] of headlineTerms(headline)) {
      const entry = counts.get(key) ?? { n: 0, forms: new Map<string, number>() };
      entry.n++;
      // A headline's first word is capitalised by typography, not because it is a name.
      const form = first ? word.toLowerCase() : word;
      entry.forms.set(form, (entry.forms.get(form) ?? 0) + (first ? 0.5 : 1));
      counts.set(key, entry);
      first = false;
    }
  }
  const shared = [...counts.entries()].filter(([, c]) => c.n >= 2);
  return (shared.length > 0 ? shared : [...counts.entries()])
    .map(([key, c]) => ({
      key,
      score: (c.n / members.length) * Math.log((1 + window.documents) / (1 + (window.df.get(key) ?? 0))),
      form: [...c.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
    }))
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
    .slice(0, max)
    .map((t) => t.form);
}
