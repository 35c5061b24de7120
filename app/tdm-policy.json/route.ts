/** `/tdm-policy.json`: the ODRL policy our tdmrep.json points to (TDMRep profile: obtain consent). */
import { appConfig } from "@/db/server";
import { tdmPolicyDocument } from "@/lib/pages/documents";

/** Built per request from the live configuration, never frozen at build time. */
export const dynamic = "force-dynamic";

/** The policy as JSON-LD. */
export function GET(): Response {
  return new Response(JSON.stringify(tdmPolicyDocument(appConfig()), null, 2), {
    headers: {
      "Content-Type": "application/ld+json; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
