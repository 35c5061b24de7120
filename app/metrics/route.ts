/** The crawler's figures for Prometheus (SPEC OPS-5): loopback readers or the metrics token only. */
import { readCurrentMetrics } from "@/db/queries/admin/metrics";
import { appConfig, database, siteClock } from "@/db/server";
import { answerMetrics } from "@/app/_lib/metrics/metrics-endpoint";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return answerMetrics(request, {
    token: appConfig().metricsToken,
    read: async () => readCurrentMetrics((await database()).db, siteClock().now(), appConfig().time.scale),
  });
}
