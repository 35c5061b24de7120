/**
 * The headline fields an article carries in the open data (SPEC WEB-3): the DER-1 features
 * and DER-4 framing letter of its current headline (the version seen last, as `headline`),
 * and whether its versions alternated in an A/B test (DER-6, lib/analysis/ab-tests.ts).
 * Names and their Spanish descriptions live here once: the datasets list the names, /datos
 * (lib/api/docs.ts) prints the descriptions.
 */
import { loadVersionTraits, type VersionTraitsRow } from "../../../db/queries/api-headline-traits";
import { classifyHeadlineChanges } from "../../analysis/ab-tests";
import { policyOf, type ApiContext } from "../context";
import type { Record_ } from "./types";

/** What each headline field means, in Spanish, in CSV order. */
export const HEADLINE_TRAIT_DOCS = {
  headline_question: "El titular vigente es una pregunta (lleva ¿ o ?). null si aún no lo hemos analizado.",
  headline_exclamation: "El titular vigente lleva ¡ o !. null si aún no lo hemos analizado.",
  headline_quote: "El titular vigente cita palabras de alguien entre comillas. null si aún no lo hemos analizado.",
  headline_number: "El titular vigente lleva una cifra o un número escrito en letra (en español). null si aún no lo hemos analizado.",
  headline_first_or_second_person: "El titular vigente habla en primera o segunda persona fuera de las citas (solo en español). null si aún no lo hemos analizado.",
  headline_colon_or_dash: "El titular vigente lleva dos puntos o raya («Fulano: …»). null si aún no lo hemos analizado.",
  headline_clickbait: "Fórmulas de titular cebo que sigue el titular vigente (lista de identificadores de /metodologia; vacía si ninguna; solo en español). null si aún no lo hemos analizado.",
  headline_language: "Idioma detectado del titular vigente (ISO 639-1); null si no se detectó.",
  framing_letter: "Letra de encuadre del modelo local; null si no hay o el medio pidió «sin anotación de modelo».",
  ab_test: "true si dos o más versiones de su titular se alternaron (prueba A/B): una versión anterior volvió a verse después de aparecer otra en el mismo canal (ver /metodologia). false con una sola versión o con reescrituras sucesivas.",
} as const;

/** The field names, in CSV order. */
export const HEADLINE_TRAIT_FIELDS = Object.keys(HEADLINE_TRAIT_DOCS) as (keyof typeof HEADLINE_TRAIT_DOCS)[];

/** The fields of an article with no stored version. */
const NONE: Record_ = Object.fromEntries(HEADLINE_TRAIT_FIELDS.map((f) => [f, f === "ab_test" ? false : null]));

/** The fields of one article from its versions; framing withheld under "sin anotación de modelo" (PUB-6). */
export function headlineTraitsRecord(versions: readonly VersionTraitsRow[], modelAnnotations: boolean): Record_ {
  if (versions.length === 0) return NONE;
  // The current headline: the version seen last (ties: the later id), as the articles query picks it.
  const current = versions.reduce((a, b) => (b.lastSeenAt > a.lastSeenAt || (b.lastSeenAt === a.lastSeenAt && b.id > a.id) ? b : a));
  const f = current.features;
  const { tests } = classifyHeadlineChanges(versions.map((v) => ({ textHash: v.textHash, firstSeenAt: v.firstSeenAt, lastSeenAt: v.lastSeenAt, seenIn: v.seenIn })));
  return {
    headline_question: f ? f.isQuestion : null,
    headline_exclamation: f ? f.isExclamation : null,
    headline_quote: f ? f.hasQuote : null,
    headline_number: f ? f.hasNumber : null,
    headline_first_or_second_person: f ? f.firstOrSecondPerson : null,
    headline_colon_or_dash: f ? f.hasColonOrDash : null,
    headline_clickbait: f ? f.clickbaitPatterns : null,
    headline_language: f ? f.language : null,
    framing_letter: modelAnnotations ? current.framingLetter : null,
    ab_test: tests.length > 0,
  };
}

/** The headline fields of each of `articles` (id and outlet), by article id: one statement. */
export async function loadHeadlineTraits(ctx: ApiContext, articles: readonly { id: number; outlet_id: number }[]): Promise<Map<number, Record_>> {
  const versions = await loadVersionTraits(ctx.db, articles.map((a) => a.id));
  return new Map(articles.map((a) => [a.id, headlineTraitsRecord(versions.get(a.id) ?? [], policyOf(ctx, a.outlet_id).modelAnnotations)]));
}
