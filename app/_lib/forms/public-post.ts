/**
 * The guard of the public reply and byline forms (SPEC SEC-2), the same as /editores:
 * same origin, a capped urlencoded body, an empty honeypot, a signed form token a few
 * seconds old, valid fields, and a per-address limit — else a Spanish refusal with
 * nothing stored. Pure of Next: the caller passes the secret, the database and `store`.
 */
import type { Db, Executor } from "../../../db/client";
import { allowSubmission } from "../../../db/queries/forms/exclusions";
import { spendFormToken } from "../../../db/queries/forms/form-tokens";
import { badRequestPage } from "../../../lib/front-door/bad-request-page";
import { isHttps } from "../../../lib/admin/session";
import { addressKey, checkFormToken, HONEYPOT_FIELD, sameOrigin } from "../../../lib/forms/guard";
import { readForm } from "../../../lib/forms/read-form";
import type { Parsed } from "../../../lib/admin/forms";

/** What a public form needs. */
export interface PublicFormSpec<T> {
  form: string;
  back: string;
  maxBytes: number;
  perHour: number;
  parse: (fields: Record<string, string>) => Parsed<T>;
  store: (db: Executor, value: T, now: number) => Promise<string | undefined>;
}

/** The refusal of a form sent twice with one token. */
export const USED_TOKEN = "Este formulario ya se envió una vez: vuelve a cargar la página para enviar otro.";

function refuse(back: string, reason: string, status = 400): Response {
  return new Response(badRequestPage(reason, back, "No hemos podido registrar el envío", status), {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/** Handle one POST; `store` returns where to go on success, or a refusal reason prefixed "!" */
export async function handlePublicForm<T>(
  request: Request,
  spec: PublicFormSpec<T>,
  deps: { secret: string; db: () => Promise<Db>; now?: number; recordedAt?: number },
): Promise<Response> {
  const h = request.headers;
  if (
    !sameOrigin({
      origin: h.get("origin"),
      referer: h.get("referer"),
      host: h.get("host"),
      https: isHttps(request.url, h.get("x-forwarded-proto")),
    })
  ) {
    return refuse(spec.back, "El formulario debe enviarse desde nuestra propia página.", 403);
  }
  const form = await readForm(request, spec.maxBytes);
  if (!form.ok) return refuse(spec.back, form.reason, form.status);
  const now = deps.now ?? Date.now();
  if (form.fields[HONEYPOT_FIELD]) return refuse(spec.back, "El formulario no es válido: vuelve a cargar la página.");
  const tokenProblem = checkFormToken(deps.secret, spec.form, form.fields.ficha, now);
  if (tokenProblem) return refuse(spec.back, tokenProblem);
  const parsed = spec.parse(form.fields);
  if (!parsed.ok) return refuse(spec.back, parsed.reason);
  try {
    const db = await deps.db();
    const address = h.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
    const allowed = await allowSubmission(db, {
      form: spec.form,
      addressKey: addressKey(deps.secret, address, now),
      now,
      limit: spec.perHour,
      windowMs: 3_600_000,
    });
    if (!allowed)
      return refuse(spec.back, "Has enviado demasiados formularios en poco tiempo. Inténtalo de nuevo dentro de una hora.", 429);
    if (!(await spendFormToken(db, spec.form, form.fields.ficha!, now))) return refuse(spec.back, USED_TOKEN);
    const result = await spec.store(db, parsed.value, deps.recordedAt ?? now);
    if (!result || result.startsWith("!")) return refuse(spec.back, result ? result.slice(1) : "No se ha podido guardar.");
    return new Response(null, { status: 303, headers: { location: result, "cache-control": "no-store" } });
  } catch {
    return refuse(spec.back, "Ahora mismo no podemos registrar envíos. Vuelve a intentarlo en unos minutos o escríbenos.", 503);
  }
}
