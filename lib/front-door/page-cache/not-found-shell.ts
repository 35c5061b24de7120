/**
 * Next.js answers a `notFound()` thrown by a page with an empty error document
 * (`<html id="__next_error__">`) whose 404 content exists only in the RSC payload, for a
 * script to draw (vercel/next.js#62228): a reader without JavaScript sees a blank page
 * (SPEC WEB-2). An address that no route matches gets the root not-found page as whole
 * HTML, so the front door serves that one in place of the empty document.
 *
 * An unexpected failure while rendering a page is the same empty document with status 500,
 * for a script to draw an error boundary in the browser. Public pages are sent without
 * scripts (script-free.ts), so the front door serves `serverErrorPage()` in its place.
 */
import { badRequestPage } from "../bad-request-page";
import { htmlText } from "./html-text";

/** An address no route can match: folders starting with `_` are private in the app router. */
export const NOT_FOUND_PATH = "/_pagina-no-encontrada";

/** The mark of Next's error document, on its `<html>` element. */
const ERROR_SHELL = Buffer.from('<html id="__next_error__"');

/**
 * Which of Next's script-only error documents an answer is: a page's `notFound()` (404) or a
 * failure while rendering (5xx); undefined for any other answer.
 */
export function scriptOnlyShell(
  status: number,
  body: Buffer,
  contentEncoding: string | string[] | undefined,
  contentType: string | string[] | undefined,
): "not-found" | "server-error" | undefined {
  const kind = status === 404 ? "not-found" : status >= 500 ? "server-error" : undefined;
  if (kind === undefined) return undefined;
  return htmlText(body, contentEncoding, contentType)?.includes(ERROR_SHELL) ? kind : undefined;
}

/** What a reader sees when a page failed while rendering: a whole page that says so, with a way back (status 500). */
export function serverErrorPage(): string {
  return badRequestPage(
    "Esta página no ha podido prepararse por un fallo nuestro, no de tu petición. Vuelve a cargarla dentro de un rato o sigue desde la portada.",
    "/",
    "Algo ha fallado",
    500,
  );
}
