/**
 * The public pages are sent without Next.js's scripts (SPEC WEB-2, SEC-3). Each of them is
 * rendered whole on the server and reads the same without JavaScript; none has a control that
 * needs a script (forms post to handlers, sections fold with `<details>`). What the scripts
 * carried was React's second copy of the page, its RSC payload, as inline `<script>` text (two
 * thirds of a data page's bytes), and the client router, which only swaps pages that a plain
 * link loads as well. Readers download a third of the bytes and run nothing; the
 * Content-Security-Policy then lists no hash, so no inline script can run at all.
 *
 * The operator's admin keeps its scripts (it is not a reader's page and is never cached).
 * Next.js offers no switch for this in the app router, so the front door removes the scripts
 * from the HTML it already reads whole, before the page is compressed and kept; the admin's
 * pages get their scripts' hashes in their CSP instead (script-hashes.ts), in the same step.
 */

import { htmlOf, SCRIPT_ELEMENT, withPageScriptHashes, withScriptHashes } from "./script-hashes";

/** A `<link>` element. */
const LINK = /<link\b[^>]*>/gi;

/** True for a `<link>` that has the browser fetch a script ahead: `modulepreload`, or `preload` as a script. */
function preloadsScript(tag: string): boolean {
  const rel = /\brel\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
  const as = /\bas\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
  return rel === "modulepreload" || (rel === "preload" && as === "script");
}

/** Paths whose pages keep their scripts: the operator's admin. */
const KEEPS_SCRIPTS = /^\/admin(?:\/|\?|$)/;

/** True when the page at `path` is sent without scripts. */
export function isScriptFreePath(path: string): boolean {
  return !KEEPS_SCRIPTS.test(path);
}

/** `html` without its script elements and script preloads; everything else byte for byte. */
export function withoutScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, "").replace(LINK, (tag) => (preloadsScript(tag) ? "" : tag));
}

/**
 * An HTML answer as a reader of `path` gets it. A public page: without scripts, as identity (a
 * gzipped one is read and the front door compresses it again: compression.ts), its CSP allowing
 * no inline script. The admin: as sent, its CSP naming the hash of each inline script
 * (script-hashes.ts). Other answers, and bodies that cannot be read, keep their body.
 */
export function readersAnswer<H extends Record<string, string | string[] | undefined>>(
  path: string,
  headers: H,
  body: Buffer,
): { headers: H; body: Buffer } {
  if (!isScriptFreePath(path)) return { headers: withPageScriptHashes(headers, body), body };
  const csp = headers["content-security-policy"];
  const checked = typeof csp === "string" ? { ...headers, "content-security-policy": withScriptHashes(csp, []) } : headers;
  const html = htmlOf(body, headers);
  if (html === undefined) return { headers: checked, body };
  const stripped = withoutScripts(html);
  if (stripped.length === html.length) return { headers: checked, body };
  const { "content-encoding": _encoding, "content-length": _length, ...rest } = checked;
  return { headers: rest as H, body: Buffer.from(stripped, "utf8") };
}
