/** `/robots.txt`: the site's own crawler rules (SPEC ID-4). */
import { appConfig } from "@/db/server";
import { robotsTxt } from "@/lib/pages/documents";

/** Built per request from the live configuration, never frozen at build time. */
export const dynamic = "force-dynamic";

/** Plain-text robots.txt (RFC 9309 §2.3: UTF-8, text/plain), cached for a day. */
export function GET(): Response {
  return new Response(robotsTxt(appConfig()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
