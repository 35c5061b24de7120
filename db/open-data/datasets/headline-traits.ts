/**
 * The headline fields of the open data (SPEC WEB-3, DER-1, DER-4, DER-6), defined once for
 * the two datasets that carry them. An article gives the DER-1 features of its current
 * headline (the version seen last, as `headline`) as `headline_<feature>`, its framing letter
 * and whether its versions alternated in an A/B test; a headline version gives its own
 * features as `<feature>` and whether it is one of the versions that alternated
 * (lib/analysis/ab-tests.ts). Names and their Spanish descriptions live here once: the
 * datasets list the names, /datos (app/_lib/api/docs.ts) prints the descriptions.
 *
 * Scopes (PUB-6): under "sin titulares literales" the features are still given: yes/no traits
 * and identifiers of our own formulas, from which no headline can be rebuilt. The counts DER-1
 * also stores (characters, words, capitalised tokens) stay out of the open data, because with
 * them, as with the hash, a guessed headline could be checked. Under "sin anotación de modelo"
 * the framing letter and the language (a model detects it) are withheld.
 */
import { loadVersionTraits, type VersionTraitsRow } from "../sql/headline-traits";
import { classifyHeadlineChanges } from "../../../lib/analysis/ab-tests";
import { policyOf, type ApiContext } from "../context";
import type { Record_ } from "./types";
import { formulasMeasuredNote } from "../../../lib/analysis/clickbait-measured";

type Features = NonNullable<VersionTraitsRow["features"]>;

/** Whose headline a description speaks of, in Spanish. */
interface Subject {
  The: string;
  of: string;
}
const CURRENT: Subject = { The: "El titular vigente", of: "del titular vigente" };
const VERSION: Subject = { The: "Esta versión", of: "de esta versión" };

const NOT_YET = "null si aún no lo hemos analizado.";

/** One DER-1 feature: its stored value, whether a model gives it, and what it says of a subject. */
interface Feature {
  value(f: Features): boolean | string | null | readonly string[];
  model?: true;
  doc(s: Subject): string;
}

/** The DER-1 features in the open data, by their name in a version record, in CSV order. */
const FEATURES = {
  question: { value: (f) => f.isQuestion, doc: (s) => `${s.The} es una pregunta (lleva ¿ o ?). ${NOT_YET}` },
  exclamation: { value: (f) => f.isExclamation, doc: (s) => `${s.The} lleva ¡ o !. ${NOT_YET}` },
  quote: { value: (f) => f.hasQuote, doc: (s) => `${s.The} cita palabras de alguien entre comillas. ${NOT_YET}` },
  number: { value: (f) => f.hasNumber, doc: (s) => `${s.The} lleva una cifra o un número escrito en letra (en español). ${NOT_YET}` },
  first_or_second_person: {
    value: (f) => f.firstOrSecondPerson,
    doc: (s) => `${s.The} habla en primera o segunda persona fuera de las citas (solo en español). ${NOT_YET}`,
  },
  colon_or_dash: { value: (f) => f.hasColonOrDash, doc: (s) => `${s.The} lleva dos puntos o raya («Fulano: …»). ${NOT_YET}` },
  clickbait: {
    value: (f) => f.clickbaitPatterns,
    doc: (s) =>
      `Fórmulas reconocidas de titular cebo que sigue ${s.The.toLowerCase()} (lista de identificadores de /metodologia; vacía si ninguna; solo en español). ${formulasMeasuredNote()} ${NOT_YET}`,
  },
  language: {
    value: (f) => f.language,
    model: true,
    doc: (s) =>
      `Idioma detectado ${s.of} (ISO 639-1); null si no se detectó o si el medio pidió «sin anotación de modelo» (lo detecta un modelo).`,
  },
} satisfies Record<string, Feature>;

type FeatureName = keyof typeof FEATURES;
const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];
type ArticleFeatureName = `headline_${FeatureName}`;
const docsOf = <K extends string>(name: (f: FeatureName) => K, s: Subject) =>
  Object.fromEntries(FEATURE_NAMES.map((f) => [name(f), FEATURES[f].doc(s)])) as Record<K, string>;

/** What each headline field of an article means, in Spanish, in CSV order. */
export const HEADLINE_TRAIT_DOCS = {
  ...docsOf((f): ArticleFeatureName => `headline_${f}`, CURRENT),
  framing_letter: "Letra de encuadre del modelo local; null si no hay o el medio pidió «sin anotación de modelo».",
  ab_test:
    "true si dos o más versiones de su titular se alternaron (prueba A/B): una versión anterior volvió a verse después de aparecer otra en el mismo canal (ver /metodologia). false con una sola versión o con reescrituras sucesivas.",
} as const;

/** What each headline field of a version means, in Spanish, in CSV order (its framing fields come before). */
export const VERSION_TRAIT_DOCS = {
  ...docsOf((f) => f, VERSION),
  ab_test:
    "true si esta versión es una de las que se alternaron en una prueba A/B de su artículo: volvió a verse después de aparecer otra en el mismo canal, o una anterior volvió a verse después de aparecer ella (ver /metodologia). false si no se alternó con ninguna (la única versión, o una de una serie de reescrituras).",
} as const;

/** The article's field names, in CSV order. */
export const HEADLINE_TRAIT_FIELDS = Object.keys(HEADLINE_TRAIT_DOCS) as (keyof typeof HEADLINE_TRAIT_DOCS)[];
/** The version's field names, in CSV order. */
export const VERSION_TRAIT_FIELDS = Object.keys(VERSION_TRAIT_DOCS) as (keyof typeof VERSION_TRAIT_DOCS)[];

/** The features of one headline by their version names: null when not analysed yet, or withheld (PUB-6). */
function featureValues(f: Features | null, modelAnnotations: boolean): Record<FeatureName, Record_[string]> {
  return Object.fromEntries(
    FEATURE_NAMES.map((name) => {
      const feature: Feature = FEATURES[name];
      return [name, f === null || (feature.model && !modelAnnotations) ? null : feature.value(f)];
    }),
  ) as Record<FeatureName, Record_[string]>;
}

/** The fields of an article with no stored version. */
const NONE: Record_ = Object.fromEntries(HEADLINE_TRAIT_FIELDS.map((f) => [f, f === "ab_test" ? false : null]));
/** The fields of a version missing from its article's versions (stored after the page was read). */
const VERSION_NONE: Record_ = Object.fromEntries(VERSION_TRAIT_FIELDS.map((f) => [f, f === "ab_test" ? false : null]));

const seen = (versions: readonly VersionTraitsRow[]) =>
  versions.map((v) => ({ textHash: v.textHash, firstSeenAt: v.firstSeenAt, lastSeenAt: v.lastSeenAt, seenIn: v.seenIn }));

/** The fields of one article from its versions; framing and language withheld under "sin anotación de modelo" (PUB-6). */
export function headlineTraitsRecord(versions: readonly VersionTraitsRow[], modelAnnotations: boolean): Record_ {
  if (versions.length === 0) return NONE;
  // The current headline: the version seen last (ties: the later id), as the articles query picks it.
  const current = versions.reduce((a, b) => (b.lastSeenAt > a.lastSeenAt || (b.lastSeenAt === a.lastSeenAt && b.id > a.id) ? b : a));
  const features = featureValues(current.features, modelAnnotations);
  return {
    ...Object.fromEntries(FEATURE_NAMES.map((f) => [`headline_${f}`, features[f]])),
    framing_letter: modelAnnotations ? current.framingLetter : null,
    ab_test: classifyHeadlineChanges(seen(versions)).tests.length > 0,
  };
}

/** The fields of each version of one article, by version id: its own features, and whether it alternated in a test (DER-6). */
export function versionTraitsRecords(versions: readonly VersionTraitsRow[], modelAnnotations: boolean): Map<number, Record_> {
  const { inTest } = classifyHeadlineChanges(seen(versions));
  return new Map(versions.map((v) => [v.id, { ...featureValues(v.features, modelAnnotations), ab_test: inTest.has(v.textHash) }]));
}

/** The headline fields of each of `articles` (id and outlet), by article id: one statement. */
export async function loadHeadlineTraits(
  ctx: ApiContext,
  articles: readonly { id: number; outlet_id: number }[],
): Promise<Map<number, Record_>> {
  const versions = await loadVersionTraits(
    ctx.db,
    articles.map((a) => a.id),
  );
  return new Map(articles.map((a) => [a.id, headlineTraitsRecord(versions.get(a.id) ?? [], policyOf(ctx, a.outlet_id).modelAnnotations)]));
}

/**
 * The headline fields of each of `versions` (their article and outlet), by version id: one
 * statement, which reads every version of their articles, since whether a version took part
 * in a test depends on the others.
 */
export async function loadVersionTraitRecords(
  ctx: ApiContext,
  versions: readonly { article_id: number; outlet_id: number }[],
): Promise<Map<number, Record_>> {
  const outletOf = new Map(versions.map((v) => [v.article_id, v.outlet_id]));
  const byArticle = await loadVersionTraits(ctx.db, [...outletOf.keys()]);
  const out = new Map<number, Record_>();
  for (const [articleId, list] of byArticle) {
    for (const [id, record] of versionTraitsRecords(list, policyOf(ctx, outletOf.get(articleId)!).modelAnnotations)) out.set(id, record);
  }
  return out;
}

/** The headline fields of version `id` from `loadVersionTraitRecords`'s answer. */
export function versionTraitsOf(traits: ReadonlyMap<number, Record_>, id: number): Record_ {
  return traits.get(id) ?? VERSION_NONE;
}
