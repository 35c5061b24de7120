/** Liveness and readiness (SPEC OPS-4): the site answers, the database answers, workers beat. */
import { readHealth } from "@/db/queries/site/health";
import { appConfig, database, siteClock } from "@/db/server";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    const { db } = await database();
    const { workers, outlets } = await readHealth(db, siteClock().now(), appConfig().time.scale);
    return Response.json({ status: "ok", database: "ok", workers, outlets }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable", database: "unreachable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
