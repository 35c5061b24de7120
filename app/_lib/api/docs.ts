/**
 * The documentation of the open-data API (SPEC WEB-3), in Spanish, next to the code it
 * describes: what each dataset, field and parameter means. The /datos page renders it,
 * and a test checks that every field and parameter the API serves is described here.
 */
import { HEADLINE_TRAIT_DOCS, VERSION_TRAIT_DOCS } from "../../../db/open-data/datasets/headline-traits";
import type { Dataset } from "../../../db/open-data/datasets/types";
import type { ParamName } from "../../../db/open-data/params";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../../../db/open-data/params";

/** What each dataset is, its order and its detail endpoint. */
export const DATASET_DOCS: Record<Dataset["name"], { title: string; summary: string; order: string; detail?: string }> = {
  outlets: {
    title: "Cabeceras",
    summary: "Los medios que seguimos, con las peticiones de exclusión en vigor. Una sola página (son pocos cientos como mucho).",
    order: "Por identificador (slug).",
    detail: "/api/v1/outlets/{slug} (añade agency_front_page_share y silences)",
  },
  articles: {
    title: "Artículos",
    summary:
      "Cada artículo que vimos, con su titular vigente (el último visto) y sus rasgos (pregunta, cita, cifra, fórmulas de cebo, encuadre), si su titular se sometió a una prueba A/B, horas, sección y firmas.",
    order: "Por primera vez visto (first_seen_at) y después por id.",
    detail: "/api/v1/articles/{id} (añade headline_history, rank_spans y rank_history)",
  },
  "headline-versions": {
    title: "Versiones de titular",
    summary:
      "Cada titular distinto de cada artículo, con cuándo y dónde se vio, su encuadre, sus rasgos (pregunta, cita, cifra, fórmulas de cebo…) y si es una de las versiones que se alternaron en una prueba A/B: así se ve qué cambió de una versión a la siguiente (p. ej. una afirmación que pasó a pregunta).",
    order: "Por primera vez visto (first_seen_at) y después por id.",
  },
  "rank-spans": {
    title: "Posiciones en portada",
    summary:
      "Tramos en los que un artículo estuvo en la portada de su medio sin cambiar de orden respecto a los demás: desde la captura que lo vio primero hasta la última que lo confirmó (to_at null: sigue en portada). Un tramo no guarda una posición sino una clave de orden (position); la posición en un instante t es 1 + el número de tramos del mismo medio que cubren t (from_at ≤ c y to_at ≥ c o null, con c la última captura hasta t) con una clave menor. Un artículo que baja porque entra otro por encima conserva su tramo.",
    order:
      "Por cabecera, inicio del tramo (from_at) y article_id. Un tramo abierto (to_at null) puede cerrarse después: al volver a descargar, quedaos con la última copia de cada (article_id, from_at).",
  },
  stories: {
    title: "Historias",
    summary: "Grupos de artículos de varios medios sobre la misma noticia. Los términos clave son nuestros, no texto de los medios.",
    order: "Por id.",
    detail: "/api/v1/stories/{id} (añade articles y agency_genealogy)",
  },
};

/** Every field of every dataset, in Spanish. */
export const FIELD_DOCS: Record<string, string> = {
  id: "Identificador numérico estable.",
  slug: "Identificador de la cabecera en las direcciones (p. ej. /cabeceras/{slug}).",
  name: "Nombre de la cabecera.",
  country: "País (ISO 3166-1).",
  language: "Idioma (ISO 639-1).",
  groups:
    "Grupos de la cabecera (lista; en CSV separados por «; »): los que declara la lista de medios (nacional, regional, agencia, publica, una región…) y los que se deducen de su país e idioma (pais-es, idioma-ca). Ver /metodologia#grupos.",
  timezone: "Zona horaria de la cabecera.",
  homepage: "Dirección de su portada.",
  render_mode: "static (HTML) o browser (navegador automatizado) para leer la portada.",
  active: "Si la seguimos ahora.",
  headlines_withheld: "true si el medio pidió «sin titulares literales».",
  positions_withheld: "true si el medio pidió «sin posición»: no hay tramos de portada suyos.",
  model_annotations_withheld: "true si el medio pidió «sin anotación de modelo»: no hay encuadre.",
  scopes: "Peticiones de exclusión en vigor (lista).",
  outlet: "Slug de la cabecera.",
  url: "Dirección canónica del artículo; null si el medio pidió «sin titulares literales».",
  headline: "Titular literal; null si el medio pidió «sin titulares literales».",
  headline_withheld: "true cuando el titular no se reproduce a petición del medio.",
  headline_versions: "Número de versiones distintas del titular.",
  published_at: "Hora de publicación que declara el medio (puede faltar).",
  modified_at: "Hora de modificación que declara el medio (puede faltar).",
  first_seen_at: "Primera vez que lo vimos nosotros.",
  first_seen_in: "Dónde lo vimos primero: feed, sitemap, frontpage o article.",
  first_seen_feed_at: "Primera vez en un feed.",
  first_seen_sitemap_at: "Primera vez en un sitemap.",
  first_seen_frontpage_at: "Primera vez en la portada; null con «sin posición».",
  section: "Sección que declara el medio.",
  authors: "Firmas (lista; en CSV separadas por «; »). Quien pidió no aparecer figura como «sin firma a petición del autor».",
  is_free: "false si el medio lo declara de pago; null si no lo declara.",
  agency: "Agencia acreditada (EFE, Europa Press…) si es teletipo.",
  story_id: "Historia a la que pertenece, si alguna.",
  article_id: "Artículo al que pertenece.",
  text_hash: "SHA-256 del titular normalizado; null si el titular no se reproduce.",
  last_seen_at: "Última vez que lo vimos.",
  seen_in: "Dónde se vio esta versión (lista).",
  framing_score: "Puntuación de encuadre del modelo local (0–1); null en los mismos casos.",
  position:
    "Clave de orden del tramo entre los tramos de su medio (no es una posición): a menor clave, más arriba en la portada. Solo sirve para comparar tramos del mismo medio que cubren un mismo instante.",
  rank_at_start:
    "Posición en la portada (1 = la primera en orden de lectura) en from_at: 1 + los tramos del medio que cubren from_at con clave menor.",
  from_at: "Primera captura del tramo.",
  to_at: "Última captura que confirmó el tramo; null si sigue en la portada (lo confirma la última captura del medio).",
  rank_history:
    "Posición en la portada a lo largo del tiempo: intervalos (rank, from, to) en los que el artículo ocupó una misma posición.",
  box_x: "Caja del enlace a 1280×900 (solo modo navegador): x en píxeles.",
  box_y: "Caja del enlace: y en píxeles.",
  box_width: "Caja del enlace: ancho.",
  box_height: "Caja del enlace: alto.",
  above_fold: "Si la caja queda por encima del pliegue (900 px).",
  key_terms: "Términos clave de la historia (nuestros).",
  outlet_count: "Cabeceras que la cubrieron (entre las que se pueden mostrar).",
  article_count: "Artículos que la forman (entre los que se pueden mostrar).",
  ...HEADLINE_TRAIT_DOCS,
  prominence:
    "Prominencia: minutos en portada ponderados por la posición (1 / log2(posición + 1)), redondeados; en una historia, la suma de sus artículos. null en un artículo con «sin posición»; una historia no suma las cabeceras con «sin posición». El rastreador la actualiza cada minuto, así que puede ir unos minutos por detrás de la última captura (ver /metodologia#prominencia).",
};

/** Fields that mean something else in one dataset than in FIELD_DOCS (a version's `language` and `ab_test`). */
const DATASET_FIELD_DOCS: Partial<Record<Dataset["name"], Record<string, string>>> = {
  "headline-versions": VERSION_TRAIT_DOCS,
};

/** What `field` of `dataset` means, in Spanish; undefined when undocumented. */
export function fieldDoc(dataset: Dataset["name"], field: string): string | undefined {
  return DATASET_FIELD_DOCS[dataset]?.[field] ?? FIELD_DOCS[field];
}

/** Every parameter, in Spanish. */
export const PARAM_DOCS: Record<ParamName, string> = {
  outlet: "Slug de una cabecera. Una cabecera desconocida o excluida da 404.",
  from: "Desde (incluido): fecha AAAA-MM-DD (00:00 UTC) o fecha y hora ISO 8601 con zona (2026-03-02T08:00:00Z).",
  to: "Hasta (excluido), en el mismo formato; debe ser posterior a from.",
  article: "Id de un artículo.",
  story: "Id de una historia.",
  limit: `Filas por página: de 1 a ${MAX_LIMIT}; ${DEFAULT_LIMIT} si falta.`,
  cursor: "El next_cursor de la página anterior (opaco). No lo construyáis a mano.",
  q: 'Búsqueda en los titulares, con la sintaxis de /buscar ("frase exacta", -palabra, or; sin distinguir tildes, con variantes de cada palabra). Las cabeceras que pidieron «sin titulares literales» no se buscan.',
  group:
    "Grupo de cabeceras (nacional, regional, agencia, publica, una región, pais-es, idioma-ca…; la lista con sus cabeceras está en /cabeceras): solo las filas de las cabeceras del grupo. Se admite con mayúsculas o tildes (Pública = publica). Un grupo sin cabeceras da una lista vacía; outlet de otro grupo da 404.",
  at: "Instante: fecha AAAA-MM-DD (00:00 UTC) o fecha y hora ISO 8601 con zona (2026-03-02T08:00:00Z); ahora si falta.",
};

/** The parameters `/api/v1/series` takes (q is required). */
export const SERIES_PARAMS: readonly ParamName[] = ["q", "outlet", "group", "from", "to"];

/** The attention series (`/api/v1/series`): what it is and what each field means, in Spanish. */
export const SERIES_DOCS = {
  title: "Serie de atención",
  summary:
    "Para una búsqueda (q, obligatoria), cada día del periodo (días en hora peninsular; from incluido y to excluido, por defecto los últimos 30 días, como mucho 366): los artículos vistos por primera vez ese día con alguna versión de titular que coincide, primero de todas las cabeceras juntas (outlet null) y después de cada cabecera con alguna coincidencia en el periodo. Las cabeceras con «sin titulares literales» no se buscan (outlets_not_searched las cuenta).",
  fields: {
    query: "La búsqueda.",
    day: "Día (AAAA-MM-DD, hora peninsular).",
    outlet: "Slug de la cabecera; null en la fila del total.",
    articles: "Artículos de ese día con algún titular que coincide.",
    outlet_articles:
      "Todos los artículos de ese día de la cabecera (en el total, de todas las cabeceras buscadas): el denominador de share.",
    share: "articles / outlet_articles; null si ese día no hubo artículos.",
    prominence_minutes:
      "Minutos en portada ponderados por la posición (prominencia) de esos artículos, de los tramos que empezaron ese día, redondeados; null con «sin posición».",
  } as Record<string, string>,
};
