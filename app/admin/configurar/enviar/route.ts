/**
 * First-run setup's POST (SPEC ADM-1): creates the operator only while none exists (one
 * conditional insert, so two concurrent setups cannot both win) and never when the
 * deployment gives a hash; then signs the operator in.
 */
import { audit, createOperatorOnce } from "@/db/queries/admin-operator";
import { appConfig, database } from "@/db/server";
import { requestIsHttps } from "@/lib/admin/gate";
import { checkFormToken, HONEYPOT_FIELD, sameOrigin } from "@/lib/forms/guard";
import { hashPassword, passwordProblem } from "@/lib/admin/password";
import { readForm } from "@/lib/forms/read-form";
import { siteSecret } from "@/lib/forms/secret";
import { refusal } from "../../_lib/refusal";
import { startSession } from "../../_lib/start-session";

const MAX_BYTES = 2 * 1024;

export async function POST(request: Request): Promise<Response> {
  const h = request.headers;
  const back = "/admin/configurar";
  if (!sameOrigin({ origin: h.get("origin"), referer: h.get("referer"), host: h.get("host") })) return refusal("El formulario debe enviarse desde nuestra propia página.", 403, back);
  if (appConfig().operatorPasswordHash) return refusal("La cuenta de operador la fija la configuración del servidor.", 409, "/admin/entrar");
  const form = await readForm(request, MAX_BYTES);
  if (!form.ok) return refusal(form.reason, form.status, back);
  const now = Date.now();
  if (form.fields[HONEYPOT_FIELD]) return refusal("El formulario no es válido: vuelve a cargar la página.", 400, back);
  const tokenProblem = checkFormToken(siteSecret(), "setup", form.fields.ficha, now);
  if (tokenProblem) return refusal(tokenProblem, 400, back);
  const problem = passwordProblem(form.fields.clave ?? "", form.fields.repite ?? "");
  if (problem) return refusal(problem, 400, back);
  const { db } = await database();
  if (!(await createOperatorOnce(db, await hashPassword(form.fields.clave!), now))) {
    return refusal("La cuenta de operador ya existe.", 409, "/admin/entrar");
  }
  await audit(db, "setup", {}, now);
  const cookie = await startSession(db, now, requestIsHttps(request));
  await audit(db, "login", { after: "setup" }, now);
  return new Response(null, { status: 303, headers: { location: "/admin", "set-cookie": cookie, "cache-control": "no-store" } });
}
