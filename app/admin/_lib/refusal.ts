/** A refused admin request: a self-contained Spanish page (escaped), never the input reflected raw. */
import { badRequestPage } from "@/lib/front-door/bad-request-page";

/** The refusal as a response with `status`. */
export function refusal(reason: string, status = 400, back = "/admin"): Response {
  return new Response(badRequestPage(reason, back, "No se ha hecho nada", status), {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
