/**
 * Recovery, step 1 (SPEC ADM-1): write a recovery code in the site's log. Anyone may ask
 * (the code goes only to the log), at most RECOVERY_ASKS_PER_HOUR times an hour per address,
 * so the log cannot be flooded. Audited.
 */
import { allowSubmission } from "@/db/queries/exclusions";
import { audit, loadOperator } from "@/db/queries/admin-operator";
import { appConfig, database } from "@/db/server";
import { requestIsHttps } from "@/lib/admin/gate";
import { recoveryCode, RECOVERY_WINDOW_MS } from "@/lib/admin/one-time-codes";
import { checkFormToken, HONEYPOT_FIELD, sameOrigin } from "@/lib/forms/guard";
import { readForm } from "@/lib/forms/read-form";
import { siteSecret } from "@/lib/forms/secret";
import { createLogger } from "@/lib/log";
import { requestAddressKey } from "../../_lib/attempt-slot";
import { refusal } from "../../_lib/refusal";

const MAX_BYTES = 2 * 1024;
const RECOVERY_ASKS_PER_HOUR = 3;

export async function POST(request: Request): Promise<Response> {
  const h = request.headers;
  const back = "/admin/recuperar";
  if (!sameOrigin({ origin: h.get("origin"), referer: h.get("referer"), host: h.get("host"), https: requestIsHttps(request) })) return refusal("El formulario debe enviarse desde nuestra propia página.", 403, back);
  const config = appConfig();
  if (config.operatorPasswordHash) return refusal("La contraseña la fija la configuración del servidor.", 409, "/admin/entrar");
  const form = await readForm(request, MAX_BYTES);
  if (!form.ok) return refusal(form.reason, form.status, back);
  const now = Date.now();
  const secret = siteSecret();
  if (form.fields[HONEYPOT_FIELD]) return refusal("El formulario no es válido: vuelve a cargar la página.", 400, back);
  const tokenProblem = checkFormToken(secret, "recovery-ask", form.fields.ficha, now);
  if (tokenProblem) return refusal(tokenProblem, 400, back);
  const { db } = await database();
  const allowed = await allowSubmission(db, { form: "recovery-ask", addressKey: requestAddressKey(request, secret, now), now, limit: RECOVERY_ASKS_PER_HOUR, windowMs: 3_600_000 });
  if (!allowed) return refusal("Ya se han pedido varios códigos desde esta dirección. Usa el último o espera una hora.", 429, back);
  const operator = await loadOperator(db);
  if (!operator) return new Response(null, { status: 303, headers: { location: "/admin/configurar" } });
  createLogger({ component: "admin", level: config.logLevel }).warn("operator.recovery_code", {
    code: recoveryCode(secret, operator.passwordHash, now), validMinutes: (2 * RECOVERY_WINDOW_MS - (now % RECOVERY_WINDOW_MS)) / 60_000 | 0,
    note: "enter it on /admin/recuperar to set a new passphrase",
  });
  await audit(db, "recovery.code_logged", {}, now);
  return new Response(null, { status: 303, headers: { location: "/admin/recuperar?pedido=1", "cache-control": "no-store" } });
}
