/**
 * A story's name on the site (SPEC DER-5): its representative headline, quoted, with our
 * key terms beside it; only the key terms when no headline may be quoted.
 */

/** What names a story: its id, our key terms, and the representative headline when there is one. */
export interface NamedStory {
  id: number;
  keyTerms: readonly string[];
  label?: { headline: string; outlet: string } | undefined;
}

/** `«El Gobierno aprueba…»`, else `"incendio · valencia"`, or `"Historia n.º 12"` before the analysis has named it. */
export function storyTitle(story: NamedStory): string {
  if (story.label) return `«${story.label.headline}»`;
  return story.keyTerms.length > 0 ? story.keyTerms.join(" · ") : `Historia n.º ${story.id}`;
}

/** What goes beside the title: whose headline it is, and the key terms (empty when the title is the terms). */
export function storyTerms(story: NamedStory): string {
  if (!story.label) return "";
  const terms = story.keyTerms.length > 0 ? ` · ${story.keyTerms.join(", ")}` : "";
  return `titular de ${story.label.outlet}${terms}`;
}

/**
 * How many outlets carried a story, and how many articles when some carried several (an
 * outlet's follow-ups belong to its story, DER-2): "41 cabeceras" must never count articles.
 */
export function coverageLine(coverage: readonly { outlet: { slug: string } }[]): string {
  const outlets = new Set(coverage.map((c) => c.outlet.slug)).size;
  const where = outlets === 1 ? "1 cabecera" : `${outlets} cabeceras`;
  return coverage.length === outlets ? where : `${where} (${coverage.length} noticias)`;
}
