/**
 * Structured logs (SPEC OPS-4): one JSON object per line on stdout.
 * Callers pass identifiers, counts and outcomes only — never page text (SPEC STO-3).
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** A logger bound to a component name. */
export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  child(component: string): Logger;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Create a JSON-lines logger; `write` and `now` are injectable for tests. */
export function createLogger(options: { component: string; level?: LogLevel; write?: (line: string) => void; now?: () => number }): Logger {
  const { component, level = "info", write = (line) => process.stdout.write(line + "\n"), now = Date.now } = options;
  const emit =
    (at: LogLevel) =>
    (event: string, fields: LogFields = {}) => {
      if (order[at] < order[level]) return;
      write(JSON.stringify({ t: new Date(now()).toISOString(), level: at, component, event, ...fields }));
    };
  return {
    debug: emit("debug"),
    info: emit("info"),
    warn: emit("warn"),
    error: emit("error"),
    child: (name) => createLogger({ component: `${component}.${name}`, level, write, now }),
  };
}

/**
 * The message of an error for a log field: one line, at most 300 characters, and for a
 * failed query the database's own message, not the statement and its parameters.
 */
export function errorMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error && /^Failed query/.test(error.message) ? error.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  return (text.split("\n")[0] ?? "").slice(0, 300);
}
