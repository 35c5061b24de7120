/**
 * The access log: what a site operator would see, and what politeness tests assert
 * on. Timing is real wall-clock time with sub-millisecond resolution (requests to
 * one site must never overlap); `simTime` is the injected clock.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { performance } from "node:perf_hooks";

/** One request. */
export interface AccessLogEntry {
  /** Real epoch ms (fractional) when the request headers arrived. */
  start: number;
  /** Real epoch ms when the response finished or the socket closed; absent while in flight. */
  end?: number;
  /** Simulated time when the request arrived. */
  simTime: number;
  host: string;
  /** Registrable domain of the host (the politeness unit). */
  site: string;
  method: string;
  /** Request target: path and query. */
  path: string;
  /** Status sent; 0 when the connection was dropped without an answer. */
  status: number;
  /** Body bytes written (compressed bytes for a gzip bomb). */
  bytes: number;
  /** All request headers, lower-case names. */
  requestHeaders: Record<string, string>;
  /** True when the client went away before the response finished. */
  aborted?: boolean;
}

/** Real wall-clock time in epoch ms, monotonic within the process. */
export const wallClock = (): number => performance.timeOrigin + performance.now();

/** Under load, finished lines are written to the file together, at most this long after the first of them. */
const FLUSH_MS = 200;

/** Keeps entries in memory (in arrival order) and, optionally, appends finished ones as JSONL. */
export class AccessLog {
  private entries: AccessLogEntry[] = [];
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  private readonly file?: WriteStream;
  /** Finished lines not yet handed to the file: one write per batch, not per request. */
  private pending: string[] = [];
  private flushTimer?: NodeJS.Timeout;

  constructor(path?: string) {
    if (path) this.file = createWriteStream(path, { flags: "a" });
  }

  /** Records a request that just arrived. */
  begin(entry: AccessLogEntry): AccessLogEntry {
    this.entries.push(entry);
    this.inFlight++;
    return entry;
  }

  /** Marks a request finished (or aborted) and writes it out. */
  finish(entry: AccessLogEntry, aborted: boolean): void {
    if (entry.end !== undefined) return;
    entry.end = wallClock();
    if (aborted) entry.aborted = true;
    if (this.file) {
      this.pending.push(`${JSON.stringify(entry)}\n`);
      this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
    }
    if (--this.inFlight === 0) {
      // Idle: the file is up to date at once (tests read it then); under load lines go out in batches.
      this.flush();
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** A copy of all entries so far. */
  list(): AccessLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  /** Forgets the in-memory entries (the file is kept). */
  clear(): void {
    this.entries = this.entries.filter((e) => e.end === undefined);
  }

  /** Resolves when no request is in flight. */
  idle(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.length === 0) return;
    this.file?.write(this.pending.join(""));
    this.pending = [];
  }

  /** Flushes and closes the JSONL file. */
  async close(): Promise<void> {
    this.flush();
    const file = this.file;
    if (file) await new Promise<void>((resolve) => file.end(resolve));
  }
}
