/** Liveness and readiness (SPEC OPS-4): the site answers, the database answers, workers beat. */
import { sql } from "drizzle-orm";
import { database } from "@/db/server";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    const { db } = await database();
    const rows = await db.execute<{ workers: number; outlets: number }>(sql`
      select (select count(*)::int from app_state where key like 'worker:%' and updated_at > now() - interval '2 minutes') as workers,
             (select count(*)::int from outlets where active) as outlets`);
    const row = rows[0];
    return Response.json({ status: "ok", database: "ok", workers: row?.workers ?? 0, outlets: row?.outlets ?? 0 }, {
      headers: { "Cache-Control": "no-store" },
    });
  } catch {
    return Response.json({ status: "unavailable", database: "unreachable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
