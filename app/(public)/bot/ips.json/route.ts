/** `/bot/ips.json`: the bot's configured egress addresses (SPEC ID-4); may be an empty list. */
import { appConfig } from "@/db/server";
import { egressIpsDocument } from "@/lib/pages/documents";

/** Built per request from the live configuration, never frozen at build time. */
export const dynamic = "force-dynamic";

// The configuration is read once per server process, so the list can only have
// changed when this module was (re)loaded: that moment is its "updated" time.
const loadedAt = new Date();

/** The address list as JSON; cached one hour by clients and proxies. */
export function GET(): Response {
  return Response.json(egressIpsDocument(appConfig(), loadedAt), {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
