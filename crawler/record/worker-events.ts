/**
 * ADM-3: the worker's warnings and errors, recorded for the operator (`/admin/errores`, the
 * operator feed) in `worker_events`, because the site may run on another machine than the
 * workers and only the database is shared; a log file would be out of its reach. The lines
 * are the logger's own (identifiers, counts, short error messages, never page text: STO-3).
 *
 * Lines are buffered and written every `flushEveryMs`; the table keeps the newest
 * `KEEP_WORKER_EVENTS` rows. Writing never logs (a failed write would log again, and again):
 * while the database is away the newest `MAX_BUFFERED` lines wait, older ones are dropped.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

/** Rows kept in worker_events, all workers together. */
export const KEEP_WORKER_EVENTS = 1_000;
const MAX_BUFFERED = 200;

interface EventRow { at: number; level: string; component: string; event: string; fields: Record<string, unknown> }

/** A sink for the logger's lines; `attach` gives it the database once it is open. */
export function createWorkerEventRecorder(o: { workerId: string; flushEveryMs?: number }) {
  let db: Executor | undefined;
  let buffer: EventRow[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const flush = async (): Promise<void> => {
    if (!db || buffer.length === 0 || flushing) return flushing;
    const rows = buffer;
    buffer = [];
    flushing = (async () => {
      try {
        const values = sql.join(rows.map((r) => sql`(${sqlTime(r.at)}, ${r.level}, ${o.workerId}, ${r.component}, ${r.event}, ${JSON.stringify(r.fields)}::jsonb)`), sql`, `);
        await db!.execute(sql`insert into worker_events (at, level, worker_id, component, event, fields) values ${values}`);
        await db!.execute(sql`delete from worker_events where id <= (select id from worker_events order by id desc offset ${KEEP_WORKER_EVENTS} limit 1)`);
      } catch {
        buffer = [...rows, ...buffer].slice(-MAX_BUFFERED);
      } finally {
        flushing = undefined;
      }
    })();
    return flushing;
  };

  return {
    /** Takes one JSON log line; keeps it when it is a warning or an error. */
    push(line: string): void {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      const { t, level, component, event, ...fields } = parsed;
      if (level !== "warn" && level !== "error") return;
      const at = typeof t === "string" ? Date.parse(t) : NaN;
      buffer.push({ at: Number.isNaN(at) ? Date.now() : at, level, component: String(component ?? ""), event: String(event ?? ""), fields });
      if (buffer.length > MAX_BUFFERED) buffer.shift();
    },
    /** Start writing to `target` every `flushEveryMs` (default 2 s). */
    attach(target: Executor): void {
      db = target;
      timer ??= setInterval(() => void flush(), o.flushEveryMs ?? 2_000);
      timer.unref();
    },
    flush,
    /** Stop the timer and write what is buffered. */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flushing;
      await flush();
    },
  };
}
