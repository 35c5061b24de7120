/**
 * The front page at an instant in the open-data API (SPEC WEB-3, WEB-5): its address,
 * parameters and fields, in Spanish, next to the code that serves them. /datos renders it
 * and a test checks that every field the endpoint returns is described here.
 */
import type { ParamName } from "../../../db/open-data/params";

/** The endpoint, its parameters and what it answers. */
export const FRONT_PAGE_ENDPOINT = {
  path: "/api/v1/front-pages/{outlet}",
  params: ["at"] as const satisfies readonly ParamName[],
  summary:
    "La portada de una cabecera tal como la vimos en un instante: los enlaces de la última captura correcta hasta ese instante, " +
    "en orden, con el titular que tenían entonces, desde cuándo seguían en portada sin interrupción y su mejor posición en ese tiempo " +
    "(como mucho, en las 24 horas anteriores a la captura). Una cabecera que pidió «sin posición» da 404.",
};

/** The fields of the answer (`data`). */
export const FRONT_PAGE_FIELDS: Record<string, string> = {
  outlet: "Slug de la cabecera.",
  at: "El instante pedido (UTC).",
  state:
    "Qué sabemos de ese instante: captured (capturada), before-first (antes de nuestra primera captura), failed (las capturas fallaban), " +
    "blocked (la cabecera nos impedía leerla), silent (ninguna captura en más de 2 horas), future (aún no ha llegado) o never (nunca capturada).",
  state_since: "Desde cuándo duraba ese estado (failed, blocked, silent) o la primera captura (before-first); null en los demás casos.",
  captured_at: "Hora de la captura correcta que se describe (la última hasta el instante pedido); null si no hay ninguna.",
  previous_capture_at: "La captura correcta anterior a esa (en un minuto anterior); null si no hay.",
  next_capture_at: "La primera captura correcta después del minuto pedido; null si no hay.",
  links: "Los enlaces de esa captura, en orden (lista).",
};

/** The fields of each link. */
export const FRONT_PAGE_LINK_FIELDS: Record<string, string> = {
  rank: "Posición (1 = la primera en orden de lectura).",
  article_id: "Artículo (detalle en /api/v1/articles/{id}).",
  headline: "El titular vigente en el instante pedido; null si el medio pidió «sin titulares literales».",
  headline_withheld: "true cuando el titular no se reproduce a petición del medio.",
  on_front_page_since: "Desde cuándo seguía en la portada sin interrupción (una captura que no lo mostraba la interrumpe).",
  best_rank: "Su mejor posición desde entonces hasta la captura (como mucho, en las 24 horas anteriores).",
};
