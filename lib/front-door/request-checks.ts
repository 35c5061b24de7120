/**
 * What the front door refuses before any renderer sees a request (SPEC SEC-6: bad input is
 * a clear 4xx, never a 500): a method the site does not serve (405), a body over the cap
 * (413), and a URL carrying a NUL or another control character (400), which no page or
 * API reads and PostgreSQL cannot store.
 */

/** Methods the site answers; anything else (TRACE, PUT, DELETE, CONNECT…) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** Largest request body passed to a renderer: the largest form (the admin's, 512 KiB) with room to spare. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** A refusal: its status, the Spanish reason, and headers of its own. */
export interface Refusal {
  status: 400 | 405 | 413;
  title: string;
  reason: string;
  headers?: Record<string, string>;
}

/** True when a URL, raw or percent-decoded, holds a C0 control character or DEL. */
export function hasControlCharacters(url: string): boolean {
  // Control characters sent raw, or percent-encoded (%00–%1F, %7F), in the path or the query.
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(url) || /%(?:[01][0-9a-f]|7f)/i.test(url);
}

/** Why the front door refuses a request before reading its body, or undefined. */
export function refuseRequest(request: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}): Refusal | undefined {
  const method = request.method ?? "GET";
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return {
      status: 405,
      title: "Método no admitido",
      reason: `Esta web solo responde a ${ALLOWED_METHODS.join(", ")}.`,
      headers: { allow: ALLOWED_METHODS.join(", ") },
    };
  }
  const length = Number(request.headers["content-length"] ?? 0);
  if (Number.isFinite(length) && length > MAX_REQUEST_BODY_BYTES) return tooLarge();
  if (hasControlCharacters(request.url ?? "/")) {
    return {
      status: 400,
      title: "Solicitud incorrecta",
      reason: "La dirección contiene caracteres de control (por ejemplo, un byte nulo) que ninguna página admite.",
    };
  }
  return undefined;
}

/** The refusal of a body over the cap. */
export function tooLarge(): Refusal {
  return { status: 413, title: "Envío demasiado grande", reason: `Lo enviado supera el máximo de ${MAX_REQUEST_BODY_BYTES / 1024} KiB.` };
}
