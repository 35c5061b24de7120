/**
 * First-run setup's POST (SPEC ADM-1): needs the setup code `npm start` prints in its log
 * (lib/admin/one-time-codes.ts; a wrong code costs the address an attempt slot, like a
 * wrong passphrase), creates the operator only while none exists (one conditional insert,
 * so two concurrent setups cannot both win) and never when the deployment gives a hash;
 * then signs the operator in.
 */
import { audit, createOperatorOnce } from "@/db/queries/admin/operator";
import { appConfig, database } from "@/db/server";
import { requestIsHttps } from "@/app/admin/_lib/gate";
import { recordAttemptOutcome } from "@/db/queries/admin/login-throttle";
import { codeMatches, setupCode } from "@/lib/admin/one-time-codes";
import { hashPassword, passwordProblem } from "@/lib/admin/password";
import { refusal } from "../../_lib/refusal";
import { readSignInPost } from "../../_lib/sign-in-post";
import { startSession } from "../../_lib/start-session";
import { attemptSlot, requestAddressKey } from "../../_lib/attempt-slot";

export async function POST(request: Request): Promise<Response> {
  const back = "/admin/configurar";
  const form = await readSignInPost(request, "setup", back);
  if (form instanceof Response) return form;
  const { now, secret } = form;
  if (appConfig().operatorPasswordHash)
    return refusal("La cuenta de operador la fija la configuración del servidor.", 409, "/admin/entrar");
  const problem = passwordProblem(form.fields.clave ?? "", form.fields.repite ?? "");
  if (problem) return refusal(problem, 400, back);
  const { db } = await database();
  const key = requestAddressKey(request, secret, now);
  const wait = await attemptSlot(db, "setup", key, now, back);
  if (wait) return wait;
  const ok = codeMatches(setupCode(secret), form.fields.codigo);
  await recordAttemptOutcome(db, { form: "setup", addressKey: key, now, ok });
  if (!ok) {
    await audit(db, "setup.failed", {}, now);
    return refusal(
      "El código de configuración no es correcto. Está en el registro del servidor: `npm start` lo escribe al arrancar.",
      403,
      back,
    );
  }
  if (!(await createOperatorOnce(db, await hashPassword(form.fields.clave!), now))) {
    return refusal("La cuenta de operador ya existe.", 409, "/admin/entrar");
  }
  await audit(db, "setup", {}, now);
  const cookie = await startSession(db, requestIsHttps(request));
  await audit(db, "login", { after: "setup" }, now);
  return new Response(null, { status: 303, headers: { location: "/admin", "set-cookie": cookie, "cache-control": "no-store" } });
}
