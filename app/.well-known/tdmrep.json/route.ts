/** `/.well-known/tdmrep.json`: our own TDM reservation (SPEC ID-4, W3C TDMRep). */
import { appConfig } from "@/db/server";
import { tdmrepDocument } from "@/lib/pages/documents";

/** Built per request from the live configuration, never frozen at build time. */
export const dynamic = "force-dynamic";

/** The TDMRep file; a day of caching, as it changes only with the site's policy. */
export function GET(): Response {
  return Response.json(tdmrepDocument(appConfig()), {
    headers: { "Cache-Control": "public, max-age=86400", "Access-Control-Allow-Origin": "*" },
  });
}
