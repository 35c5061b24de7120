/** `/robots/tabla.csv`: each outlet's robots.txt verdict for each well-known crawler, and since when (SPEC WEB-9). */
import { loadPolicies } from "@/db/policies-in-force";
import { loadOutletRobots } from "@/db/queries/site/robots-table";
import { readSiteData } from "@/app/_lib/pages/data";
import { exportHeaders } from "@/app/_lib/api/http";
import { DATASET_VERSION_NAME } from "@/lib/dataset-version";
import { botTableCsv, botTableRows } from "@/lib/robots/bot-table";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const read = await readSiteData(async (db) => loadOutletRobots(db, await loadPolicies(db)));
  if (!read.ok)
    return new Response("Servicio no disponible temporalmente.\n", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
    });
  return new Response(botTableCsv(botTableRows(read.value)), { headers: exportHeaders(`${DATASET_VERSION_NAME}-robots.csv`, "csv") });
}
