/** The workers' recent warnings and errors for `/admin/errores` (ADM-3), newest first. */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { fromSqlTime } from "../../sql-time";

/** One recorded log line of a worker. */
export interface WorkerEvent {
  id: number;
  at: number;
  level: "warn" | "error";
  workerId?: string;
  component: string;
  event: string;
  /** The line's other fields, as `name=value` pairs in their order. */
  fields: [string, string][];
  /** OPS-5: lines this row stands for (a coalesced event repeated within one minute; else 1). */
  count: number;
}

/** The newest `limit` events, optionally errors only. */
export async function listWorkerEvents(db: Executor, o: { limit?: number; errorsOnly?: boolean } = {}): Promise<WorkerEvent[]> {
  const rows = await db.execute<{
    id: number;
    at: string;
    level: "warn" | "error";
    worker_id: string | null;
    component: string;
    event: string;
    fields: Record<string, unknown>;
    count: number;
  }>(sql`
    select id, at, level, worker_id, component, event, fields, count from worker_events
    where ${o.errorsOnly ? sql`level = 'error'` : sql`true`} order by id desc limit ${o.limit ?? 200}`);
  return rows.map((r) => ({
    id: Number(r.id),
    at: fromSqlTime(r.at)!,
    level: r.level,
    workerId: r.worker_id ?? undefined,
    component: r.component,
    event: r.event,
    fields: Object.entries(r.fields ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    count: Number(r.count),
  }));
}
