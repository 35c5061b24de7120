/**
 * SEC-3: no inline script runs unless it is one the page was rendered with. Next.js writes
 * its hydration data as inline `<script>` elements, different on every page. A nonce would
 * have to differ per response, which a cached page cannot do (every reader of it would get
 * the same one); a hash of each inline script is a property of the page itself, so it is
 * kept with the page. The front door reads every HTML answer and lists the hashes of its
 * inline scripts in the script-src of its Content-Security-Policy (CSP Level 2 hash-source).
 */
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";

/**
 * The script elements of an HTML document, each with its attributes and its text. A script
 * element's text is raw (no entities, no markup) and ends at the first `</script`, so a
 * pattern reads it exactly as a browser does.
 */
export const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** `'sha256-…'` sources for every inline script of `html` (scripts with a `src` are covered by `'self'`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(text ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** `csp` with the script-src directive allowing exactly `hashes` besides what it allowed, and never 'unsafe-inline'. */
export function withScriptHashes(csp: string, hashes: readonly string[]): string {
  return csp
    .split(";")
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() !== "script-src") return directive.trim();
      return ["script-src", ...sources.filter((s) => s !== "'unsafe-inline'"), ...hashes].join(" ");
    })
    .join("; ");
}

/** The HTML of an answer's body, decompressed when it travelled gzipped; undefined when it is not HTML or cannot be read. */
export function htmlOf(body: Buffer, headers: Record<string, string | string[] | undefined>): string | undefined {
  if (
    !String(headers["content-type"] ?? "")
      .toLowerCase()
      .startsWith("text/html")
  )
    return undefined;
  const encoding = String(headers["content-encoding"] ?? "identity").toLowerCase();
  try {
    if (encoding === "gzip") return gunzipSync(body).toString("utf8");
    return encoding === "identity" ? body.toString("utf8") : undefined;
  } catch {
    return undefined;
  }
}

/** The headers of an HTML answer with its CSP naming the body's inline scripts; other answers unchanged. */
export function withPageScriptHashes<H extends Record<string, string | string[] | undefined>>(headers: H, body: Buffer): H {
  const csp = headers["content-security-policy"];
  if (typeof csp !== "string") return headers;
  const html = htmlOf(body, headers);
  return html === undefined ? headers : { ...headers, "content-security-policy": withScriptHashes(csp, inlineScriptHashes(html)) };
}
