/**
 * Recovery, step 2 (SPEC ADM-1): the code from the log and a new passphrase. The address
 * takes an attempt slot first (a wrong code slows it down like a wrong passphrase); the
 * passphrase changes only if it is still the one the code was made for, so a code works
 * once. Every session ends, a new one starts; audited.
 */
import { audit, deleteAllSessions, loadOperator, replacePasswordHash } from "@/db/queries/admin/operator";
import { recordAttemptOutcome } from "@/db/queries/admin/login-throttle";
import { appConfig, database } from "@/db/server";
import { requestIsHttps } from "@/app/admin/_lib/gate";
import { recoveryCodeMatches } from "@/lib/admin/one-time-codes";
import { hashPassword, passwordProblem } from "@/lib/admin/password";
import { attemptSlot, requestAddressKey } from "../../_lib/attempt-slot";
import { refusal } from "../../_lib/refusal";
import { readSignInPost } from "../../_lib/sign-in-post";
import { startSession } from "../../_lib/start-session";

export async function POST(request: Request): Promise<Response> {
  const back = "/admin/recuperar";
  const form = await readSignInPost(request, "recovery", back);
  if (form instanceof Response) return form;
  const { now, secret } = form;
  if (appConfig().operatorPasswordHash) return refusal("La contraseña la fija la configuración del servidor.", 409, "/admin/entrar");
  const problem = passwordProblem(form.fields.clave ?? "", form.fields.repite ?? "");
  if (problem) return refusal(problem, 400, back);
  const { db } = await database();
  const operator = await loadOperator(db);
  if (!operator) return new Response(null, { status: 303, headers: { location: "/admin/configurar" } });
  const key = requestAddressKey(request, secret, now);
  const wait = await attemptSlot(db, "recovery", key, now, back);
  if (wait) return wait;
  const matches = recoveryCodeMatches(secret, operator.passwordHash, form.fields.codigo, now);
  const changed = matches && (await replacePasswordHash(db, operator.passwordHash, await hashPassword(form.fields.clave!)));
  await recordAttemptOutcome(db, { form: "recovery", addressKey: key, now, ok: changed });
  if (!changed) {
    await audit(db, "recovery.failed", {}, now);
    return refusal("El código no es correcto o ya se ha usado. Pide otro: aparecerá en el registro del servidor.", 403, back);
  }
  await deleteAllSessions(db);
  await audit(db, "recovery", {}, now);
  const cookie = await startSession(db, requestIsHttps(request));
  await audit(db, "login", { after: "recovery" }, now);
  return new Response(null, { status: 303, headers: { location: "/admin", "set-cookie": cookie, "cache-control": "no-store" } });
}
