/**
 * Recovery, step 1 (SPEC ADM-1): write a recovery code in the site's log. Anyone may ask
 * (the code goes only to the log), at most RECOVERY_ASKS_PER_HOUR times an hour per address,
 * so the log cannot be flooded. Audited.
 */
import { allowSubmission } from "@/db/queries/forms/exclusions";
import { audit, loadOperator } from "@/db/queries/admin/operator";
import { appConfig, database } from "@/db/server";
import { recoveryCode, RECOVERY_WINDOW_MS } from "@/lib/admin/one-time-codes";
import { createLogger } from "@/lib/log";
import { requestAddressKey } from "../../_lib/attempt-slot";
import { refusal } from "../../_lib/refusal";
import { readSignInPost } from "../../_lib/sign-in-post";

const RECOVERY_ASKS_PER_HOUR = 3;

export async function POST(request: Request): Promise<Response> {
  const back = "/admin/recuperar";
  const form = await readSignInPost(request, "recovery-ask", back);
  if (form instanceof Response) return form;
  const { now, secret } = form;
  const config = appConfig();
  if (config.operatorPasswordHash) return refusal("La contraseña la fija la configuración del servidor.", 409, "/admin/entrar");
  const { db } = await database();
  const allowed = await allowSubmission(db, {
    form: "recovery-ask",
    addressKey: requestAddressKey(request, secret, now),
    now,
    limit: RECOVERY_ASKS_PER_HOUR,
    windowMs: 3_600_000,
  });
  if (!allowed) return refusal("Ya se han pedido varios códigos desde esta dirección. Usa el último o espera una hora.", 429, back);
  const operator = await loadOperator(db);
  if (!operator) return new Response(null, { status: 303, headers: { location: "/admin/configurar" } });
  createLogger({ component: "admin", level: config.logLevel }).warn("operator.recovery_code", {
    code: recoveryCode(secret, operator.passwordHash, now),
    validMinutes: ((2 * RECOVERY_WINDOW_MS - (now % RECOVERY_WINDOW_MS)) / 60_000) | 0,
    note: "enter it on /admin/recuperar to set a new passphrase",
  });
  await audit(db, "recovery.code_logged", {}, now);
  return new Response(null, { status: 303, headers: { location: "/admin/recuperar?pedido=1", "cache-control": "no-store" } });
}
