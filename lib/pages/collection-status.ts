/**
 * How the public pages name the state of our collection (SPEC BLK-2, BLK-6, BLK-7, ROB-3):
 * one wording shared by "Estado" and the outlet page, so that a state shown in two places
 * reads the same in both (WEB-7). Pure.
 */

/** Kinds of source. */
import type { SourceKind } from "../source-kinds";

export type { SourceKind };

/** A source's kind in reader words. */
export const SOURCE_KIND_LABEL: Record<SourceKind, string> = {
  frontpage: "Portada",
  feed: "Feed",
  sitemap: "Sitemap",
  legal: "Aviso legal",
};

/** Column names of a source's last outcomes. */
export const LAST_SUCCESS_LABEL = "Última lectura correcta";
export const LAST_FAILURE_LABEL = "Último fallo";

/** What the state of a source depends on. */
export interface SourceStateInput {
  dead: boolean;
  closedSince?: number | null;
  pausedUntil?: number | null;
  extractionFailedSince?: number | null;
}

/**
 * The state of a source at `now`, worst first: abandoned (BLK-6), closed to us (BLK-1), its
 * extraction failing (EXT-6), paused after failures, active.
 */
export function sourceStateLabel(s: SourceStateInput, now: number): string {
  if (s.dead) return "Abandonada: sin respuesta durante 7 días";
  if (s.closedSince !== null && s.closedSince !== undefined) return "Cerrada para nosotros";
  if (s.extractionFailedSince !== null && s.extractionFailedSince !== undefined) return "Extracción fallida";
  if (s.pausedUntil !== null && s.pausedUntil !== undefined && s.pausedUntil > now) return "En pausa tras fallos";
  return "Activa";
}

const ROBOTS_ACCESS: Record<string, string> = {
  parse: "leído y obedecido",
  "allow-all": "no existe: todo permitido",
  "disallow-all": "no legible: no leemos nada de ese servidor",
  "use-last-good": "no disponible: usamos la última copia buena",
};

/** What a host's robots.txt allows us (ROB-3), in reader words; never the internal state name. */
export function robotsAccessLabel(access: string | null | undefined): string {
  if (access === null || access === undefined) return "aún no leído";
  return ROBOTS_ACCESS[access] ?? "en comprobación";
}
