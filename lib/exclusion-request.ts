/**
 * The publishers' automatic exclusion or "slow down" request (SPEC PUB-1, PUB-2, PUB-7): the form's fields,
 * validated; the verification token; and where the crawler looks for it. Pure.
 */
import { randomBytes } from "node:crypto";
import { siteOf } from "./registrable-domain";
import { isMinPauseSeconds, MIN_PAUSE_SECONDS, SCOPES, type Scope } from "./policy";

/** What publishers may ask for through the form, with the Spanish name each has on the site. */
export const SCOPE_LABELS: Record<Scope, string> = {
  "sin-titulares-literales": "Sin titulares literales",
  "sin-anotacion-de-modelo": "Sin anotación de modelo",
  "sin-posicion": "Sin posición",
  total: "Exclusión total",
  "sin-sondeo": "Dejar de comprobar una portada cerrada",
  "portada-cada-hora": "Portada como mucho cada hora",
  "fuentes-cada-hora": "Feeds y sitemaps como mucho cada hora",
  "sin-lectura-de-articulos": "Sin lectura de artículos",
  "pausa-minima": "Pausa mínima entre peticiones",
};

/** A request's name as the register and its page show it: with its seconds for "pausa-minima". */
export function requestLabel(scope: Scope, minPauseSeconds?: number): string {
  return scope === "pausa-minima" && minPauseSeconds !== undefined ? `${SCOPE_LABELS[scope]}: ${minPauseSeconds} s` : SCOPE_LABELS[scope];
}

/** The well-known path where a publisher may place the token instead of robots.txt. */
export const VERIFICATION_PATH = "/.well-known/hemeroscopio-verificacion.txt";
/** Days a request waits for its token before it lapses. */
export const VERIFICATION_DAYS = 7;

export interface ExclusionRequest {
  domain: string;
  scope: Scope;
  contact: string;
  /** Only for "pausa-minima": the least seconds between two requests to the domain. */
  minPauseSeconds?: number;
}

const MAX_FIELD = 320;

/** A fresh token; publishers paste it as a robots.txt comment or in the well-known file. */
export function newVerificationToken(random: (n: number) => Buffer = randomBytes): string {
  return `hemeroscopio-verificacion-${random(16).toString("hex")}`;
}

/** True when `text` (robots.txt or the well-known file, in memory only) carries the token. */
export function carriesToken(text: string, token: string): boolean {
  return text.split(/\r\n|\r|\n/).some((line) => line.replace(/^\s*#\s*/, "").trim() === token);
}

/** The registrable domain of what the publisher typed (`https://www.elpais.com/x` → `elpais.com`), or undefined. */
export function publisherDomain(input: string): string | undefined {
  const text = input.trim().toLowerCase();
  if (text === "" || text.length > 253 || /\s/.test(text)) return undefined;
  let host: string;
  try {
    host = new URL(/^https?:\/\//.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return undefined;
  }
  // A public name with a dot, not an address or a single label.
  if (!/^[a-z0-9.-]+$/.test(host) || !host.includes(".") || /^[\d.]+$/.test(host)) return undefined;
  const domain = siteOf(host);
  return domain.includes(".") ? domain : undefined;
}

/** The request, or the Spanish reason the form was refused. */
export function parseExclusionForm(
  fields: Record<string, string | undefined>,
): { ok: true; value: ExclusionRequest } | { ok: false; reason: string } {
  for (const [name, value] of Object.entries(fields)) {
    if ((value?.length ?? 0) > MAX_FIELD) return { ok: false, reason: `El campo «${name}» es demasiado largo.` };
  }
  const domain = publisherDomain(fields.dominio ?? "");
  if (!domain) return { ok: false, reason: "Indica el dominio del medio, por ejemplo «elpais.com»." };
  const scope = fields.alcance as Scope | undefined;
  if (!scope || !SCOPES.includes(scope)) return { ok: false, reason: "Elige qué quieres que dejemos de hacer o que hagamos más despacio." };
  const contact = (fields.contacto ?? "").trim();
  if (!/^[^\s@<>"']{1,64}@[^\s@<>"']{1,253}\.[a-z]{2,}$/i.test(contact)) {
    return { ok: false, reason: "Indica una dirección de correo en la que podamos confirmarte la exclusión." };
  }
  const pause = parseMinPause(scope, fields.pausa);
  if (!pause.ok) return pause;
  return { ok: true, value: { domain, scope, contact, ...pause.value } };
}

/**
 * The `pausa` field (seconds) of a request of `scope`: required and within MIN_PAUSE_SECONDS
 * for "pausa-minima", ignored for every other scope. Shared by the public and the operator's form.
 */
export function parseMinPause(
  scope: Scope,
  field: string | undefined,
): { ok: true; value: { minPauseSeconds?: number } } | { ok: false; reason: string } {
  if (scope !== "pausa-minima") return { ok: true, value: {} };
  const text = (field ?? "").trim();
  const minPauseSeconds = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!isMinPauseSeconds(minPauseSeconds)) {
    return {
      ok: false,
      reason: `Indica la pausa mínima en segundos, un número entero entre ${MIN_PAUSE_SECONDS.least} y ${MIN_PAUSE_SECONDS.most}.`,
    };
  }
  return { ok: true, value: { minPauseSeconds } };
}

/** The form's name in its signed form token. */
export const EXCLUSION_FORM = "exclusion";

/**
 * ADM-3: how an applied, not yet confirmed exclusion is told it will be confirmed. By mail only
 * when the deployment can send mail; otherwise where the confirmation appears.
 */
export function confirmationPromise(mailConfigured: boolean): string {
  return mailConfigured
    ? "Te la confirmaremos por correo en 72 horas."
    : "Te la confirmaremos en 72 horas: la fecha de confirmación aparecerá en esta página y en el registro público de exclusiones.";
}
