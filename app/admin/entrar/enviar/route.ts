/**
 * Login (SPEC ADM-1, SEC-2): same origin, signed form token, honeypot, per-address limit,
 * the account's growing lock after repeated failures, the scrypt check; on success a new
 * session and 303 to the validated `next`. Every attempt is in the audit log.
 */
import { allowSubmission } from "@/db/queries/exclusions";
import {
  adoptOperatorHash, audit, loadOperator, lockOperator, recordLoginFailure, recordLoginSuccess,
} from "@/db/queries/admin-operator";
import { appConfig, database } from "@/db/server";
import { requestIsHttps } from "@/lib/admin/gate";
import { addressKey, checkFormToken, HONEYPOT_FIELD, sameOrigin } from "@/lib/forms/guard";
import { verifyPassword } from "@/lib/admin/password";
import { safeNext } from "@/lib/admin/session";
import { isLocked, lockAfterFailure, PER_ADDRESS_LIMIT, PER_ADDRESS_WINDOW_MS } from "@/lib/admin/throttle";
import { readForm } from "@/lib/forms/read-form";
import { siteSecret } from "@/lib/forms/secret";
import { refusal } from "../../_lib/refusal";
import { startSession } from "../../_lib/start-session";

const MAX_BYTES = 2 * 1024;

export async function POST(request: Request): Promise<Response> {
  const h = request.headers;
  const back = "/admin/entrar";
  if (!sameOrigin({ origin: h.get("origin"), referer: h.get("referer"), host: h.get("host") })) return refusal("El formulario debe enviarse desde nuestra propia página.", 403, back);
  const form = await readForm(request, MAX_BYTES);
  if (!form.ok) return refusal(form.reason, form.status, back);
  const now = Date.now();
  const secret = siteSecret();
  if (form.fields[HONEYPOT_FIELD]) return refusal("El formulario no es válido: vuelve a cargar la página.", 400, back);
  const tokenProblem = checkFormToken(secret, "login", form.fields.ficha, now);
  if (tokenProblem) return refusal(tokenProblem, 400, back);
  const password = form.fields.clave ?? "";
  const { db } = await database();
  // The entry our own reverse proxy (or Next, from the socket) added: the last one, not the client's first.
  const address = h.get("x-forwarded-for")?.split(",").at(-1)?.trim() || "unknown";
  const allowed = await allowSubmission(db, { form: "login", addressKey: addressKey(secret, address, now), now, limit: PER_ADDRESS_LIMIT, windowMs: PER_ADDRESS_WINDOW_MS });
  if (!allowed) {
    await audit(db, "login.throttled", { by: "address" }, now);
    return refusal("Demasiados intentos desde esta dirección. Espera un cuarto de hora.", 429, back);
  }
  const envHash = appConfig().operatorPasswordHash;
  if (envHash) await adoptOperatorHash(db, envHash, now);
  const operator = await loadOperator(db);
  if (!operator) return new Response(null, { status: 303, headers: { location: "/admin/configurar" } });
  if (isLocked(operator.lockedUntil, now)) {
    await audit(db, "login.throttled", { by: "account" }, now);
    return refusal("La cuenta está bloqueada temporalmente tras varios intentos fallidos. Inténtalo más tarde.", 429, back);
  }
  if (!(await verifyPassword(password, operator.passwordHash))) {
    const failures = await recordLoginFailure(db);
    const until = lockAfterFailure(failures, now);
    if (until !== undefined) await lockOperator(db, until);
    await audit(db, "login.failed", { failures, locked: until !== undefined }, now);
    return refusal("La contraseña no es correcta.", 401, back);
  }
  await recordLoginSuccess(db);
  const cookie = await startSession(db, now, requestIsHttps(request));
  await audit(db, "login", {}, now);
  return new Response(null, { status: 303, headers: { location: safeNext(form.fields.next), "set-cookie": cookie, "cache-control": "no-store" } });
}
