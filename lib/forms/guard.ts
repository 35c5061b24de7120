/**
 * Cookieless protection for the public forms (SPEC SEC-2; the site sets no cookies, as
 * Privacidad promises): a signed, timestamped form token that a page renders and the
 * handler checks (too old, too fresh — a bot filling the form at once — or forged are all
 * refused), the same-origin check on the POST, a honeypot field, and a per-address key
 * hashed with a daily salt so addresses are never stored. Pure: the secret is passed in.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Name of the field people leave empty and simple bots fill. */
export const HONEYPOT_FIELD = "web";
/** A person needs at least this long to read and fill the form. */
export const MIN_FILL_MS = 2_000;
/** A form older than this must be reloaded. */
export const MAX_FORM_AGE_MS = 2 * 3_600_000;

function mac(secret: string, form: string, issuedAt: number, nonce: string): string {
  return createHmac("sha256", secret).update(`${form}\0${issuedAt}\0${nonce}`).digest("base64url");
}

/**
 * The token a page renders into `form` at `now`. The nonce makes two pages rendered in the
 * same millisecond carry different tokens: a token is spent by its first use, so two readers
 * sharing one would see the second's form refused.
 */
export function issueFormToken(secret: string, form: string, now: number, nonce: string = randomBytes(9).toString("base64url")): string {
  return `${now}.${nonce}.${mac(secret, form, now, nonce)}`;
}

/** Why a form token is refused, or undefined when it is good. */
export function checkFormToken(secret: string, form: string, token: string | undefined, now: number): string | undefined {
  const [issued, nonce, signature, ...rest] = (token ?? "").split(".");
  const issuedAt = Number(issued);
  if (!issued || !nonce || !signature || rest.length > 0 || !Number.isSafeInteger(issuedAt))
    return "El formulario no es válido: vuelve a cargar la página.";
  const expected = Buffer.from(mac(secret, form, issuedAt, nonce));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return "El formulario no es válido: vuelve a cargar la página.";
  if (now - issuedAt < MIN_FILL_MS) return "El formulario se envió demasiado deprisa. Espera unos segundos y vuelve a enviarlo.";
  if (now - issuedAt > MAX_FORM_AGE_MS) return "El formulario ha caducado: vuelve a cargar la página.";
  return undefined;
}

/**
 * True when the POST comes from a page of this site: Origin (else Referer) must have our
 * host and the scheme the request arrived on (`https`), so a page served over plain http
 * cannot post into the https site.
 */
export function sameOrigin(headers: { origin?: string | null; referer?: string | null; host?: string | null; https: boolean }): boolean {
  const host = headers.host;
  if (!host) return false;
  const from = headers.origin ?? headers.referer;
  if (!from || from === "null") return false;
  try {
    const url = new URL(from);
    return url.host === host && url.protocol === (headers.https ? "https:" : "http:");
  } catch {
    return false;
  }
}

/** The address's key for rate limits: a hash with a salt that changes every day. */
export function addressKey(secret: string, address: string, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  return createHash("sha256").update(`${secret}\0${day}\0${address}`).digest("hex").slice(0, 32);
}
