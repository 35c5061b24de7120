/**
 * ADM-3: the worker's warnings and errors, recorded for the operator (`/admin/errores`, the
 * operator feed) in `worker_events`, because the site may run on another machine than the
 * workers and only the database is shared; a log file would be out of its reach. The lines
 * are the logger's own (identifiers, counts, short error messages, never page text: STO-3).
 *
 * Lines are buffered and written every `flushEveryMs`; the table keeps the newest
 * `KEEP_WORKER_EVENTS` rows. OPS-5: the events a busy or troubled worker repeats for every
 * statement or attempt (`COALESCED_EVENTS`) are coalesced into one row per worker, event and
 * minute with a count, in the buffer and in the table, so an hour of load is 60 rows at most
 * and cannot push the real errors out. Writing never logs (a failed write would log again, and again):
 * while the database is away the newest `MAX_BUFFERED` lines wait, older ones are dropped.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

/** Rows kept in worker_events, all workers together. */
export const KEEP_WORKER_EVENTS = 1_000;
const MAX_BUFFERED = 200;
/** Events kept as one row per worker and minute, with a count (the latest line's fields). */
export const COALESCED_EVENTS: ReadonlySet<string> = new Set(["database.slow", "database.unavailable"]);
const MINUTE_MS = 60_000;

interface EventRow {
  at: number;
  level: string;
  component: string;
  event: string;
  fields: Record<string, unknown>;
  count: number;
  minute?: number;
}

const sameMinuteRow = (a: EventRow, b: EventRow) =>
  a.minute !== undefined && a.minute === b.minute && a.event === b.event && a.level === b.level && a.component === b.component;

/** Unwritten rows back before the newer ones, a newer coalesced row folded into its older twin (one row per key in a batch). */
function requeue(older: EventRow[], newer: EventRow[]): EventRow[] {
  const out = [...older];
  for (const row of newer) {
    const same = out.find((r) => sameMinuteRow(r, row));
    if (same) {
      same.count += row.count;
      same.fields = row.fields;
    } else {
      out.push(row);
    }
  }
  return out;
}

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
        const values = sql.join(
          rows.map(
            (
              r,
            ) => sql`(${sqlTime(r.at)}::timestamptz, ${r.level}, ${o.workerId}, ${r.component}, ${r.event}, ${JSON.stringify(r.fields)}::jsonb,
          ${r.count}::int, ${r.minute === undefined ? null : sqlTime(r.minute)}::timestamptz)`,
          ),
          sql`, `,
        );
        // A coalesced row of a minute already written grows; every other line is a row of its own (its minute is null).
        await db!.execute(sql`insert into worker_events (at, level, worker_id, component, event, fields, count, minute) values ${values}
          on conflict (worker_id, level, component, event, minute) do update
          set count = worker_events.count + excluded.count, fields = excluded.fields`);
        await db!.execute(
          sql`delete from worker_events where id <= (select id from worker_events order by id desc offset ${KEEP_WORKER_EVENTS} limit 1)`,
        );
      } catch {
        buffer = requeue(rows, buffer).slice(-MAX_BUFFERED);
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
      const parsedAt = typeof t === "string" ? Date.parse(t) : NaN;
      const at = Number.isNaN(parsedAt) ? Date.now() : parsedAt;
      const name = String(event ?? "");
      const row: EventRow = { at, level, component: String(component ?? ""), event: name, fields, count: 1 };
      if (COALESCED_EVENTS.has(name)) row.minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
      const same = row.minute === undefined ? undefined : buffer.find((b) => sameMinuteRow(b, row));
      if (same) {
        same.count++;
        same.fields = fields;
        return;
      }
      buffer.push(row);
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
