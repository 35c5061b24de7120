/** A story's name on the site: our own key terms (SPEC DER-5), never an outlet's words. */

/** `"incendio · valencia"`, or `"Historia n.º 12"` before the analysis has named it. */
export function storyTitle(story: { id: number; keyTerms: readonly string[] }): string {
  return story.keyTerms.length > 0 ? story.keyTerms.join(" · ") : `Historia n.º ${story.id}`;
}
