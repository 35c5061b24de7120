/**
 * The admin's and the public reply/byline forms' fields, validated (SPEC SEC-2, ADM-2,
 * PUB-4, PUB-5). Pure: each parser returns the value or a Spanish reason; nothing here
 * touches the database.
 */
import { parseMinPause, publisherDomain } from "../exclusion-request";
import { outletSchema, type OutletConfig } from "../outlets-file";
import { SCOPES, type Scope } from "../policy";

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A positive row id, or undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** Offset of `timeZone` from UTC at `at`, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")
      ?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
}

/** A `datetime-local` value (`2026-03-02T10:30`) read as wall time in `timeZone`, or undefined. */
export function parseLocalDateTime(value: string, timeZone = "Europe/Madrid"): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== value) return undefined;
  let at = wall - zoneOffset(wall, timeZone);
  at = wall - zoneOffset(at, timeZone);
  return at;
}

const EMAIL = /^[^\s@<>"']{1,64}@[^\s@<>"']{1,253}\.[a-z]{2,}$/i;

/** Fields longer than their limit refuse the whole form. */
function tooLong(fields: Record<string, string | undefined>, limits: Record<string, number>, fallback = 320): string | undefined {
  for (const [name, value] of Object.entries(fields)) {
    if ((value?.length ?? 0) > (limits[name] ?? fallback)) return `El campo «${name}» es demasiado largo.`;
  }
  return undefined;
}

/** A request received by mail, entered by the operator (PUB-2). */
export interface MailExclusion {
  domain: string;
  scope: Scope;
  contact?: string;
  receivedAt: number;
  /** Only for "pausa-minima": the seconds asked for. */
  minPauseSeconds?: number;
}

/** The manual exclusion form; `recibida` empty means now. */
export function parseMailExclusion(fields: Record<string, string | undefined>, now: number): Parsed<MailExclusion> {
  const long = tooLong(fields, { csrf: 100 });
  if (long) return fail(long);
  const domain = publisherDomain(fields.dominio ?? "");
  if (!domain) return fail("Indica el dominio del medio, por ejemplo «elpais.com».");
  const scope = fields.alcance as Scope | undefined;
  if (!scope || !SCOPES.includes(scope)) return fail("Elige un alcance.");
  const contact = (fields.contacto ?? "").trim();
  if (contact && !EMAIL.test(contact)) return fail("El correo de contacto no es válido.");
  const received = (fields.recibida ?? "").trim();
  const receivedAt = received ? parseLocalDateTime(received) : now;
  if (receivedAt === undefined || receivedAt > now + 60_000) return fail("La fecha de recepción no es válida.");
  const pause = parseMinPause(scope, fields.pausa);
  if (!pause.ok) return fail(pause.reason);
  return { ok: true, value: { domain, scope, contact: contact || undefined, receivedAt, ...pause.value } };
}

/** A correction of the public log. */
export interface CorrectionForm {
  day: string;
  title: string;
  details: string;
}

/** The corrections editor's fields. */
export function parseCorrection(fields: Record<string, string | undefined>): Parsed<CorrectionForm> {
  const long = tooLong(fields, { titulo: 200, detalles: 4_000, csrf: 100 });
  if (long) return fail(long);
  const day = (fields.dia ?? "").trim();
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
    Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
    new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
  ) {
    return fail("Indica el día como AAAA-MM-DD.");
  }
  const title = (fields.titulo ?? "").trim();
  const details = (fields.detalles ?? "").trim();
  if (!title) return fail("Escribe un título.");
  if (!details) return fail("Escribe qué se corrigió.");
  return { ok: true, value: { day, title, details } };
}

const lines = (value: string | undefined) =>
  (value ?? "")
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The outlet form in the outlets-file shape (CFG-1), validated by the same schema as the file. */
export function parseOutletForm(fields: Record<string, string | undefined>): Parsed<OutletConfig> {
  const long = tooLong(fields, { fuentes: 8_000, sitemaps: 8_000, csrf: 100 }, 2_000);
  if (long) return fail(long);
  const intervals = (v: string | undefined, d: number) => (v && /^\d{1,6}$/.test(v) ? Number(v) : v ? NaN : d);
  const candidate = {
    slug: (fields.slug ?? "").trim(),
    name: (fields.nombre ?? "").trim(),
    country: (fields.pais ?? "ES").trim() || "ES",
    language: (fields.idioma ?? "es").trim() || "es",
    timezone: (fields.zona ?? "Europe/Madrid").trim() || "Europe/Madrid",
    homepage: (fields.portada ?? "").trim(),
    feeds: lines(fields.fuentes),
    sitemaps: lines(fields.sitemaps),
    ...(fields.aviso_legal?.trim() ? { legalNotice: fields.aviso_legal.trim() } : {}),
    renderMode: fields.modo === "browser" ? "browser" : "static",
    active: fields.activa === "si",
    feedIntervalMinutes: intervals(fields.intervalo_fuentes, 10),
    sitemapIntervalMinutes: intervals(fields.intervalo_sitemaps, 15),
  };
  const parsed = outletSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(`Campo ${issue.path.join(".") || "?"}: ${issue.message}`);
  }
  return { ok: true, value: parsed.data };
}

/** Longest reply accepted, in characters. */
export const MAX_REPLY_CHARS = 10_000;

/** A reply from an outlet (PUB-4). */
export interface ReplyForm {
  outletSlug: string;
  author: string;
  contact: string;
  text: string;
}

/** The public reply form: outlet, who signs it, a contact, and the text exactly as sent. */
export function parseReplyForm(fields: Record<string, string | undefined>): Parsed<ReplyForm> {
  const long = tooLong(fields, { texto: MAX_REPLY_CHARS, ficha: 100 }, 320);
  if (long) return fail(long);
  const outletSlug = (fields.cabecera ?? "").trim();
  if (!/^[a-z0-9-]{1,100}$/.test(outletSlug)) return fail("Elige la cabecera que responde.");
  const author = (fields.firma ?? "").trim();
  if (author.length < 2) return fail("Indica quién firma la réplica (persona o cargo, y el medio).");
  const contact = (fields.contacto ?? "").trim();
  if (!EMAIL.test(contact)) return fail("Indica un correo en el que podamos confirmar la réplica con el medio.");
  // The text is kept exactly as written. Form encoding turns every line break into CRLF
  // (HTML's textarea rule), so line breaks are stored as "\n"; nothing else is touched.
  const text = (fields.texto ?? "").replace(/\r\n?/g, "\n");
  if (text.trim().length < 20) return fail("El texto de la réplica es demasiado corto.");
  return { ok: true, value: { outletSlug, author, contact, text } };
}

/** An author's byline request (PUB-5). */
export interface BylineForm {
  authorName: string;
  contact: string;
}

/** The /privacidad byline form: the name as the byline shows it and a contact. */
export function parseBylineForm(fields: Record<string, string | undefined>): Parsed<BylineForm> {
  const long = tooLong(fields, { nombre: 200, ficha: 100 });
  if (long) return fail(long);
  const authorName = (fields.nombre ?? "").replace(/\s+/g, " ").trim();
  if (authorName.length < 3 || !/\p{L}/u.test(authorName)) return fail("Indica tu nombre tal como aparece en la firma.");
  if (/[<>{}]/.test(authorName)) return fail("El nombre contiene caracteres que no aparecen en una firma.");
  const contact = (fields.contacto ?? "").trim();
  if (!EMAIL.test(contact)) return fail("Indica un correo en el que podamos confirmarte la petición.");
  return { ok: true, value: { authorName, contact } };
}

/** The pasted legal notice (LEG-1): an outlet and the text, at most 200 000 characters. */
export function parseLegalPaste(fields: Record<string, string | undefined>): Parsed<{ outletId: number; text: string }> {
  const outletId = parseId(fields.cabecera);
  if (!outletId) return fail("Elige la cabecera.");
  const text = (fields.texto ?? "").replace(/\r\n?/g, "\n").trim();
  if (!text) return fail("Pega el texto del aviso legal.");
  if (text.length > 200_000) return fail("El aviso legal es demasiado largo.");
  return { ok: true, value: { outletId, text } };
}
