/**
 * The two placement alerts, as their feed addresses carry them (no accounts: the URL is the
 * alert). Pure: validated values or the Spanish reason, and the addresses built back.
 *
 * - «puestos»: a story with these words reaches the top N of any of these front pages
 *   (`/alertas/puestos.atom?q=vivienda&medios=elpais,elmundo&puesto=5`);
 * - «reescrituras»: an outlet rewrites a headline more than H hours after publishing it
 *   (`/alertas/reescrituras.atom?medios=elpais&horas=6`).
 */
import { MAX_QUERY_LENGTH, type SearchParams } from "./search-params";

/** At most this many outlets in one alert. */
export const MAX_ALERT_OUTLETS = 20;
/** Front-page places an alert may ask for: the top 1 to 10. */
export const TOP_PLACES = { min: 1, max: 10, default: 5 } as const;
/** Hours after publication: 1 to 72. */
export const LATE_HOURS = { min: 1, max: 72, default: 6 } as const;

export interface PlacementAlert {
  kind: "puestos";
  q: string;
  /** Outlet slugs; empty for every outlet. */
  outlets: string[];
  top: number;
}

export interface RewriteAlert {
  kind: "reescrituras";
  outlets: string[];
  hours: number;
}

export type Alert = PlacementAlert | RewriteAlert;
type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

function single(params: SearchParams, name: string): string | undefined | null {
  const v = params[name];
  if (Array.isArray(v)) return null;
  return v?.trim() || undefined;
}

/** Outlets from `medios=a,b` (the feed's form) and repeated `medio=` (the page's checkboxes). */
function outletList(params: SearchParams, medios: string | undefined): Parsed<string[]> {
  const ticked = params.medio === undefined ? [] : Array.isArray(params.medio) ? params.medio : [params.medio];
  const slugs = [...new Set([...(medios ?? "").split(","), ...ticked].map((s) => s.trim()).filter(Boolean))];
  if (slugs.length > MAX_ALERT_OUTLETS) return { ok: false, reason: `Una alerta admite como mucho ${MAX_ALERT_OUTLETS} cabeceras.` };
  if (slugs.some((s) => !/^[a-z0-9][a-z0-9-]{0,79}$/.test(s))) return { ok: false, reason: "Alguna cabecera indicada no es válida." };
  return { ok: true, value: slugs.sort() };
}

function whole(raw: string | undefined, range: { min: number; max: number; default: number }, what: string): Parsed<number> {
  if (raw === undefined) return { ok: true, value: range.default };
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= range.min && n <= range.max))
    return { ok: false, reason: `${what} debe ser un número entero entre ${range.min} y ${range.max}.` };
  return { ok: true, value: n };
}

/** A placement alert from its query string. */
export function parsePlacementAlert(params: SearchParams): Parsed<PlacementAlert> {
  const q = single(params, "q"),
    medios = single(params, "medios"),
    puesto = single(params, "puesto");
  if ([q, medios, puesto].includes(null)) return { ok: false, reason: "Un parámetro aparece más de una vez." };
  if (!q) return { ok: false, reason: "Escribe las palabras que debe llevar el titular." };
  if (q.length > MAX_QUERY_LENGTH) return { ok: false, reason: `Las palabras admiten como mucho ${MAX_QUERY_LENGTH} caracteres.` };
  const outlets = outletList(params, medios ?? undefined);
  if (!outlets.ok) return outlets;
  const top = whole(puesto ?? undefined, TOP_PLACES, "El puesto");
  if (!top.ok) return top;
  return { ok: true, value: { kind: "puestos", q, outlets: outlets.value, top: top.value } };
}

/** A late-rewrite alert from its query string. */
export function parseRewriteAlert(params: SearchParams): Parsed<RewriteAlert> {
  const medios = single(params, "medios"),
    horas = single(params, "horas");
  if ([medios, horas].includes(null)) return { ok: false, reason: "Un parámetro aparece más de una vez." };
  const outlets = outletList(params, medios ?? undefined);
  if (!outlets.ok) return outlets;
  const hours = whole(horas ?? undefined, LATE_HOURS, "Las horas");
  if (!hours.ok) return hours;
  return { ok: true, value: { kind: "reescrituras", outlets: outlets.value, hours: hours.value } };
}

/** The alert's feed address (site-relative), with its values in a fixed order. */
export function alertFeedPath(alert: Alert): string {
  return `/alertas/${alert.kind}.atom?${alertQuery(alert).toString()}`;
}

/** The alerts page showing this alert: its feed address and its latest entries. */
export function alertPagePath(alert: Alert): string {
  return `/alertas?tipo=${alert.kind}&${alertQuery(alert).toString()}`;
}

function alertQuery(alert: Alert): URLSearchParams {
  const p = new URLSearchParams();
  if (alert.kind === "puestos") p.set("q", alert.q);
  if (alert.outlets.length > 0) p.set("medios", alert.outlets.join(","));
  if (alert.kind === "puestos") p.set("puesto", String(alert.top));
  else p.set("horas", String(alert.hours));
  return p;
}

/** The alert in words, for the feed's title. */
export function alertTitle(alert: Alert, outletNames: readonly string[]): string {
  const where = outletNames.length === 0 ? "cualquier portada" : outletNames.join(", ");
  return alert.kind === "puestos"
    ? `«${alert.q}» entre los ${alert.top} primeros puestos de ${where}`
    : `Titulares cambiados más de ${alert.hours} ${alert.hours === 1 ? "hora" : "horas"} después de publicarse: ${outletNames.length === 0 ? "todas las cabeceras" : where}`;
}
