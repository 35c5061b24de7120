/**
 * The checks every sign-in form's POST starts with, before any session exists (SPEC ADM-1,
 * SEC-2): sent from our own page, a small urlencoded body, an empty honeypot and a live form
 * token of that form, spent by its first use as the public forms' are (so a token read once
 * cannot carry a stream of guesses) — else a Spanish refusal that sends the reader back to the form.
 * Setup, login and both recovery steps start here; adminPost (post.ts) guards the rest.
 */
import "server-only";
import { requestIsHttps } from "@/app/admin/_lib/gate";
import { checkFormToken, HONEYPOT_FIELD, sameOrigin } from "@/lib/forms/guard";
import { readForm } from "@/lib/forms/read-form";
import { siteSecret } from "@/app/_lib/forms/secret";
import { USED_TOKEN } from "@/app/_lib/forms/public-post";
import { spendFormToken } from "@/db/queries/forms/form-tokens";
import { database } from "@/db/server";
import { refusal } from "./refusal";

/** A sign-in form's body is a few fields. */
const MAX_BYTES = 2 * 1024;

/** What passed: the fields, the instant, and the site's secret (for address keys and codes). */
export interface SignInForm {
  fields: Record<string, string>;
  now: number;
  secret: string;
}

/** Check `request` as a post of form `form` whose page is `back`; a Response is the refusal to send. */
export async function readSignInPost(request: Request, form: string, back: string): Promise<SignInForm | Response> {
  const h = request.headers;
  if (!sameOrigin({ origin: h.get("origin"), referer: h.get("referer"), host: h.get("host"), https: requestIsHttps(request) })) {
    return refusal("El formulario debe enviarse desde nuestra propia página.", 403, back);
  }
  const read = await readForm(request, MAX_BYTES);
  if (!read.ok) return refusal(read.reason, read.status, back);
  if (read.fields[HONEYPOT_FIELD]) return refusal("El formulario no es válido: vuelve a cargar la página.", 400, back);
  const now = Date.now();
  const secret = siteSecret();
  const tokenProblem = checkFormToken(secret, form, read.fields.ficha, now);
  if (tokenProblem) return refusal(tokenProblem, 400, back);
  const { db } = await database();
  if (!(await spendFormToken(db, form, read.fields.ficha!, now))) return refusal(USED_TOKEN, 400, back);
  return { fields: read.fields, now, secret };
}
