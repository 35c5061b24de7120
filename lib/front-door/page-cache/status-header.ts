/**
 * A status the proxy (proxy.ts at the root) asks for a page that still renders (SPEC SEC-6,
 * WEB-2): a search with a wrong query string is answered 400, yet shown as the search page
 * with its form and what is wrong. Next.js keeps a rewrite's status only for external
 * rewrites, so the proxy lets the request through with this response header and the front
 * door sets the status from it, never passing the header on.
 */

/** The response header: `x-hemeroscopio-status: 400`. */
export const STATUS_HEADER = "x-hemeroscopio-status";

/** The statuses a page may ask for this way. */
const ALLOWED = new Set([400]);

/** The status to send for an upstream answer: the one asked for by a 200 page, else its own; the header is removed. */
export function statusFromHeader(status: number, headers: Record<string, string | string[]>): number {
  const asked = headers[STATUS_HEADER];
  delete headers[STATUS_HEADER];
  const wanted = Number(Array.isArray(asked) ? asked[0] : asked);
  return status === 200 && ALLOWED.has(wanted) ? wanted : status;
}
