/** `/sitemap.xml`: the public sections and the page of every followed outlet. */
import { appConfig } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { loadPolicies } from "@/db/policies-in-force";
import { listActiveOutlets } from "@/app/_lib/pages/outlets";
import { sitemapXml } from "@/lib/pages/documents";

/** Built per request from the live configuration, never frozen at build time. */
export const dynamic = "force-dynamic";

/** The sitemap; 503 with Retry-After while the database is unreachable. */
export async function GET(): Promise<Response> {
  const read = await readSiteData(async (db) => listActiveOutlets(db, await loadPolicies(db)));
  if (!read.ok) {
    return new Response("Servicio no disponible temporalmente.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300", "Cache-Control": "no-store" },
    });
  }
  return new Response(
    sitemapXml(
      appConfig(),
      read.value.map((o) => o.slug),
    ),
    {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    },
  );
}
