/**
 * POST of the publishers' exclusion form (SPEC PUB-2, SEC-2): same origin, a signed form
 * token at least a few seconds old, an empty honeypot, a per-address limit, a small body
 * and valid fields — or a Spanish refusal with nothing stored. On success, 303 to the
 * request's own page with the token to place on the domain.
 */
import { createExclusionRequest, allowSubmission } from "@/db/queries/forms/exclusions";
import { spendFormToken } from "@/db/queries/forms/form-tokens";
import { USED_TOKEN } from "@/app/_lib/forms/public-post";
import { database, siteClock } from "@/db/server";
import { badRequestPage } from "@/lib/front-door/bad-request-page";
import { EXCLUSION_FORM, newVerificationToken, parseExclusionForm } from "@/lib/exclusion-request";
import { isHttps } from "@/lib/admin/session";
import { addressKey, checkFormToken, HONEYPOT_FIELD, sameOrigin } from "@/lib/forms/guard";
import { readForm } from "@/lib/forms/read-form";
import { siteSecret } from "@/app/_lib/forms/secret";

const MAX_BYTES = 4 * 1024;
/** Requests per address and hour. */
const PER_HOUR = 5;

function refuse(reason: string, status = 400): Response {
  return new Response(badRequestPage(reason, "/editores", "No hemos podido registrar la solicitud", status), {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export async function POST(request: Request): Promise<Response> {
  const headers = request.headers;
  if (
    !sameOrigin({
      origin: headers.get("origin"),
      referer: headers.get("referer"),
      host: headers.get("host"),
      https: isHttps(request.url, headers.get("x-forwarded-proto")),
    })
  ) {
    return refuse("El formulario debe enviarse desde nuestra propia página.", 403);
  }
  const form = await readForm(request, MAX_BYTES);
  if (!form.ok) return refuse(form.reason, form.status);
  const now = Date.now();
  const secret = siteSecret();
  if (form.fields[HONEYPOT_FIELD]) return refuse("El formulario no es válido: vuelve a cargar la página.");
  const tokenProblem = checkFormToken(secret, EXCLUSION_FORM, form.fields.ficha, now);
  if (tokenProblem) return refuse(tokenProblem);
  const parsed = parseExclusionForm(form.fields);
  if (!parsed.ok) return refuse(parsed.reason);
  try {
    const { db } = await database();
    const address = headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
    const allowed = await allowSubmission(db, {
      form: EXCLUSION_FORM,
      addressKey: addressKey(secret, address, now),
      now,
      limit: PER_HOUR,
      windowMs: 3_600_000,
    });
    if (!allowed) return refuse("Has enviado demasiadas solicitudes en poco tiempo. Inténtalo de nuevo dentro de una hora.", 429);
    if (!(await spendFormToken(db, EXCLUSION_FORM, form.fields.ficha!, now))) return refuse(USED_TOKEN);
    const token = newVerificationToken();
    await createExclusionRequest(db, parsed.value, token, siteClock().now());
    return new Response(null, { status: 303, headers: { location: `/editores/solicitud/${token}`, "cache-control": "no-store" } });
  } catch {
    return refuse("Ahora mismo no podemos registrar solicitudes. Vuelve a intentarlo en unos minutos o escríbenos.", 503);
  }
}
