/**
 * Element names by namespace, not by the prefix a publisher picked (SPEC EXT-1, EXT-2):
 * `<ns0:url>` in the sitemap namespace is `url`, and `<creador:creator>` bound to Dublin
 * Core is `dc:creator`. Undeclared prefixes (a common feed bug) keep the prefix as written.
 */

// The "core" vocabularies map to no prefix; extensions to the prefix everyone uses.
const CANONICAL_PREFIX = new Map<string, string>([
  ["", ""],
  ["http://purl.org/rss/1.0/", ""],
  ["http://backend.userland.com/rss2", ""],
  ["http://www.sitemaps.org/schemas/sitemap/0.9", ""],
  ["http://www.google.com/schemas/sitemap/0.84", ""],
  ["http://www.w3.org/2005/Atom", "atom"],
  ["http://purl.org/atom/ns#", "atom"],
  ["http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdf"],
  ["http://purl.org/dc/elements/1.1/", "dc"],
  ["http://purl.org/dc/terms/", "dcterms"],
  ["http://purl.org/rss/1.0/modules/content/", "content"],
  ["http://search.yahoo.com/mrss/", "media"],
  ["http://search.yahoo.com/mrss", "media"],
  ["http://www.google.com/schemas/sitemap-news/0.9", "news"],
  ["http://www.google.com/schemas/sitemap-image/1.1", "image"],
  ["http://www.google.com/schemas/sitemap-video/1.1", "video"],
  ["http://www.w3.org/1999/xhtml", "xhtml"],
]);

/** In-scope namespace bindings: one stack of URIs per prefix ("" is the default namespace). */
export class NamespaceScope {
  private readonly bindings = new Map<string, string[]>();
  /** Keys by raw name, valid until the bindings change (in practice: once, at the root). */
  private readonly keys = new Map<string, { key: string; local: string }>();

  /** Bind the `xmlns` / `xmlns:p` attributes of an element; returns the prefixes to release on close. */
  bind(attrs: Readonly<Record<string, string>>): string[] {
    const declared: string[] = [];
    for (const [name, uri] of Object.entries(attrs)) {
      if (name !== "xmlns" && !name.startsWith("xmlns:")) continue;
      const prefix = name === "xmlns" ? "" : name.slice(6);
      const stack = this.bindings.get(prefix) ?? [];
      stack.push(uri.trim());
      this.bindings.set(prefix, stack);
      declared.push(prefix);
    }
    if (declared.length > 0) this.keys.clear();
    return declared;
  }

  /** Undo `bind` for an element being closed. */
  unbind(prefixes: readonly string[]): void {
    for (const prefix of prefixes) this.bindings.get(prefix)?.pop();
    if (prefixes.length > 0) this.keys.clear();
  }

  /** The canonical key of a raw element name: `dc:creator`, `atom:link`, `url`. */
  key(raw: string): { key: string; local: string } {
    let known = this.keys.get(raw);
    if (!known) {
      known = this.resolve(raw);
      if (this.keys.size >= 512) this.keys.clear(); // a hostile document with endless distinct names
      this.keys.set(raw, known);
    }
    return known;
  }

  private resolve(raw: string): { key: string; local: string } {
    const colon = raw.indexOf(":");
    const prefix = colon < 0 ? "" : raw.slice(0, colon);
    const local = colon < 0 ? raw : raw.slice(colon + 1);
    const uri = this.bindings.get(prefix)?.at(-1);
    const canonical = uri === undefined ? prefix : (CANONICAL_PREFIX.get(uri) ?? prefix);
    return { key: canonical ? `${canonical}:${local}` : local, local };
  }
}
