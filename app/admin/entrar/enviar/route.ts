/**
 * Login (SPEC ADM-1, SEC-2): same origin, signed form token, honeypot, the address's attempt
 * slot (taken atomically before the check; wrong passphrases slow that address down, never
 * the account), the scrypt check; on success a new session and 303 to the validated `next`.
 * Every attempt is in the audit log.
 */
import { adoptOperatorHash, audit, loadOperator } from "@/db/queries/admin/operator";
import { recordAttemptOutcome } from "@/db/queries/admin/login-throttle";
import { appConfig, database } from "@/db/server";
import { requestIsHttps } from "@/app/admin/_lib/gate";
import { verifyPassword } from "@/lib/admin/password";
import { safeNext } from "@/lib/admin/session";
import { attemptSlot, requestAddressKey } from "../../_lib/attempt-slot";
import { refusal } from "../../_lib/refusal";
import { readSignInPost } from "../../_lib/sign-in-post";
import { startSession } from "../../_lib/start-session";

export async function POST(request: Request): Promise<Response> {
  const back = "/admin/entrar";
  const form = await readSignInPost(request, "login", back);
  if (form instanceof Response) return form;
  const { now, secret } = form;
  const password = form.fields.clave ?? "";
  const { db } = await database();
  const envHash = appConfig().operatorPasswordHash;
  if (envHash) await adoptOperatorHash(db, envHash, now);
  const operator = await loadOperator(db);
  if (!operator) return new Response(null, { status: 303, headers: { location: "/admin/configurar" } });
  const key = requestAddressKey(request, secret, now);
  const wait = await attemptSlot(db, "login", key, now, back);
  if (wait) return wait;
  const ok = await verifyPassword(password, operator.passwordHash);
  await recordAttemptOutcome(db, { form: "login", addressKey: key, now: Date.now(), ok });
  if (!ok) {
    await audit(db, "login.failed", {}, now);
    return refusal("La contraseña no es correcta.", 401, back);
  }
  const cookie = await startSession(db, requestIsHttps(request));
  await audit(db, "login", {}, now);
  return new Response(null, {
    status: 303,
    headers: { location: safeNext(form.fields.next), "set-cookie": cookie, "cache-control": "no-store" },
  });
}
