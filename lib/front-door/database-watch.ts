/**
 * Whether the site's database answers, seen from the front door (scripts/site.ts): a
 * tiny query every few seconds on a connection of its own. While it fails, readers get
 * a 503 page at once instead of waiting on a renderer that cannot read anything; when it
 * answers again, pages come back by themselves. Each change is logged once.
 */
import type { Logger } from "../log";

export interface DatabaseWatch {
  /** True after a failed check, until one succeeds. */
  isDown(): boolean;
  /** Run one check now (the timer calls this). */
  check(): Promise<void>;
  stop(): void;
}

/** Watch with `ping` (resolves when the database answers) every `everyMs`. */
export function watchDatabase(o: { ping: () => Promise<void>; everyMs: number; log: Logger; timeoutMs?: number }): DatabaseWatch {
  let down = false;
  let running: Promise<void> | undefined;
  const timeoutMs = o.timeoutMs ?? 3_000;
  const check = () =>
    (running ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          o.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        if (down) o.log.info("database.back", {});
        down = false;
      } catch (error) {
        if (!down)
          o.log.error("database.away", {
            error: error instanceof Error ? error.message : String(error),
            answering: "503 until it is back",
          });
        down = true;
      } finally {
        clearTimeout(timer);
        running = undefined;
      }
    })());
  const timer = setInterval(() => void check(), o.everyMs);
  timer.unref();
  return { isDown: () => down, check, stop: () => clearInterval(timer) };
}
