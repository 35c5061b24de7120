/**
 * Outlet groups (docs/outlet-groups.md): the named collections an outlet belongs to, as the
 * outlets file declares them, plus the groups derived from its country and language. Pure:
 * the normalisation a `?grupo=` value and a page-cache key share, the labels readers see,
 * and the scope group that compares like with like.
 */

/** A group name: lower-case letters, digits and `-`, as in a URL. */
export const GROUP_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}$/;

/**
 * Scope groups: an outlet has at most one, and figures that compare an outlet with "most
 * outlets" compare it with those of the same scope (a regional paper is not silent on a story
 * only national ones ran).
 */
export const SCOPE_GROUPS = ["nacional", "regional", "local", "agencia"] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

/** Names of the groups the project ships, in the order a list shows them, with their Spanish labels. */
const KNOWN_LABELS: Readonly<Record<string, string>> = {
  nacional: "Nacionales",
  regional: "Regionales",
  local: "Locales",
  agencia: "Agencias",
  publica: "Medios públicos",
  television: "Televisiones",
  radio: "Radios",
  "nativo-digital": "Nativos digitales",
  andalucia: "Andalucía",
  aragon: "Aragón",
  "castilla-y-leon": "Castilla y León",
  cataluna: "Cataluña",
  "comunitat-valenciana": "Comunitat Valenciana",
  galicia: "Galicia",
  euskadi: "Euskadi",
};

const COUNTRY_PREFIX = "pais-";
const LANGUAGE_PREFIX = "idioma-";

/**
 * A group name as a reader may type it (`Pública`, ` nacional `, `País Vasco`) in the one
 * spelling stored and keyed: trimmed, lower-case, accents and ñ folded, spaces and `_` as `-`.
 * Undefined when nothing valid is left.
 */
export function normaliseGroup(raw: string): string | undefined {
  const folded = raw
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\s_]+/g, "-");
  return GROUP_PATTERN.test(folded) ? folded : undefined;
}

/** The groups an outlet's country and language put it in (`pais-es`, `idioma-ca`). */
export function derivedGroups(outlet: { country: string; language: string }): string[] {
  return [`${COUNTRY_PREFIX}${outlet.country.toLowerCase()}`, `${LANGUAGE_PREFIX}${outlet.language.split("-")[0]!.toLowerCase()}`];
}

/** Every group of an outlet: its declared ones, then the derived ones, each once. */
export function outletGroups(outlet: { country: string; language: string; groups: readonly string[] }): string[] {
  return [...new Set([...outlet.groups, ...derivedGroups(outlet)])];
}

/** The outlet's scope group (the first declared one that is a scope), if any. */
export function scopeOf(groups: readonly string[]): ScopeGroup | undefined {
  return groups.find((g): g is ScopeGroup => (SCOPE_GROUPS as readonly string[]).includes(g));
}

const regionNames = new Intl.DisplayNames("es", { type: "region" });
const languageNames = new Intl.DisplayNames("es", { type: "language" });

/** The Spanish label of a group: a known name, a country or language by name, else the group as written. */
export function groupLabel(group: string): string {
  const known = KNOWN_LABELS[group];
  if (known) return known;
  try {
    if (group.startsWith(COUNTRY_PREFIX)) return `País: ${regionNames.of(group.slice(COUNTRY_PREFIX.length).toUpperCase())}`;
    if (group.startsWith(LANGUAGE_PREFIX)) return `En ${languageNames.of(group.slice(LANGUAGE_PREFIX.length))}`;
  } catch {
    // Intl refuses a malformed code; the group's own name is shown instead.
  }
  return group;
}

/** Order for a list of groups: scopes first, then the other shipped groups, then derived, then others by name. */
export function compareGroups(a: string, b: string): number {
  const rank = (g: string) => {
    const known = Object.keys(KNOWN_LABELS).indexOf(g);
    if (known !== -1) return known;
    if (g.startsWith(COUNTRY_PREFIX)) return 1000;
    if (g.startsWith(LANGUAGE_PREFIX)) return 1001;
    return 1002;
  };
  return rank(a) - rank(b) || a.localeCompare(b, "es");
}

/**
 * The `grupo` parameter of a page: absent, one valid group, or a Spanish reason it is wrong
 * (repeated, or not a group name), which the page answers with a 400.
 */
export function parseGroupParam(value: string | string[] | undefined): { ok: true; group?: string } | { ok: false; reason: string } {
  if (Array.isArray(value)) return { ok: false, reason: "El parámetro «grupo» aparece más de una vez." };
  if (value === undefined || value.trim() === "") return { ok: true };
  const group = normaliseGroup(value);
  return group ? { ok: true, group } : { ok: false, reason: "El grupo indicado no es válido." };
}
