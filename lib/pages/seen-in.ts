/** Where we saw a headline or an article (SPEC STO-1 `seen_in`), in reader words, for every page. Pure. */

const PLACE: Record<string, string> = {
  feed: "su feed",
  sitemap: "su sitemap",
  frontpage: "su portada",
  article: "la propia página de la noticia",
};

/** `"frontpage"` → `"su portada"`; a code we do not know is never printed as such. */
export function seenInLabel(where: string): string {
  return PLACE[where] ?? "otra fuente";
}
