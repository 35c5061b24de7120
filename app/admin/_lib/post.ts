/**
 * The guard every admin POST passes (SPEC ADM-1, SEC-2, SEC-3): same origin, a live
 * session, a capped urlencoded body, and the session's CSRF token — else a Spanish refusal
 * with nothing stored. The action then runs and is written to the audit log.
 */
import "server-only";
import type { Db } from "@/db/client";
import { audit } from "@/db/queries/admin/operator";
import { database, siteClock } from "@/db/server";
import { csrfValid, isHttps, loginFor } from "@/lib/admin/session";
import { sameOrigin } from "@/lib/forms/guard";
import { readForm } from "@/lib/forms/read-form";
import { sessionOfRequest, type OperatorSession } from "@/app/admin/_lib/gate";
import { siteSecret } from "@/app/_lib/forms/secret";
import { refusal } from "./refusal";

/** What an action receives. */
export interface ActionContext {
  db: Db;
  fields: Record<string, string>;
  now: number;
  session: OperatorSession;
}
/** What an action did: where to go back to, and the audit line (or a refusal page). */
export type ActionResult = { back: string; audit: { action: string; details?: Record<string, unknown> } } | Response;

/** The path and query of a same-site Referer (the panel page the form was sent from). */
function refererPath(referer: string | null): string | undefined {
  try {
    const url = new URL(referer ?? "");
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/** Guard the request, run `act`, audit it, and go back with 303. */
export async function adminPost(request: Request, maxBytes: number, act: (ctx: ActionContext) => Promise<ActionResult>): Promise<Response> {
  const h = request.headers;
  if (
    !sameOrigin({
      origin: h.get("origin"),
      referer: h.get("referer"),
      host: h.get("host"),
      https: isHttps(request.url, h.get("x-forwarded-proto")),
    })
  ) {
    return refusal("La acción debe enviarse desde el propio panel.", 403);
  }
  const session = await sessionOfRequest(request);
  if (!session) return refusal("Tu sesión ha caducado o no existe. Vuelve a entrar.", 403, loginFor(refererPath(h.get("referer"))));
  const form = await readForm(request, maxBytes);
  if (!form.ok) return refusal(form.reason, form.status);
  if (!csrfValid(siteSecret(), session.idHash, form.fields.csrf))
    return refusal("El formulario no es válido: vuelve a cargar la página.", 403);
  const { db } = await database();
  const now = siteClock().now();
  const result = await act({ db, fields: form.fields, now, session });
  if (result instanceof Response) return result;
  await audit(db, result.audit.action, result.audit.details ?? {}, now);
  return new Response(null, { status: 303, headers: { location: result.back, "cache-control": "no-store" } });
}
