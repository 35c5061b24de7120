/**
 * Next.js answers a `notFound()` thrown by a page with an empty error document
 * (`<html id="__next_error__">`) whose 404 content exists only in the RSC payload, for a
 * script to draw (vercel/next.js#62228): a reader without JavaScript sees a blank page
 * (SPEC WEB-2). An address that no route matches gets the root not-found page as whole
 * HTML, so the front door serves that one in place of the empty document.
 */
import { htmlText } from "./html-text";

/** An address no route can match: folders starting with `_` are private in the app router. */
export const NOT_FOUND_PATH = "/_pagina-no-encontrada";

/** The mark of Next's error document, on its `<html>` element. */
const ERROR_SHELL = Buffer.from('<html id="__next_error__"');

/** True when a 404 answer is the error document whose content needs a script to appear. */
export function isScriptOnlyNotFound(
  status: number,
  body: Buffer,
  contentEncoding: string | string[] | undefined,
  contentType: string | string[] | undefined,
): boolean {
  return status === 404 && (htmlText(body, contentEncoding, contentType)?.includes(ERROR_SHELL) ?? false);
}
