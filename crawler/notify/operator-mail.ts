/**
 * ADM-3 mail: the worker's loop that mails the operator, when `HEMEROSCOPIO_SMTP_URL` is set.
 * Every `everyMs` of clock time it runs a mail round. It never stops the worker: a failed send
 * waits for its retry, a failed read is logged and tried again. While the database cannot be
 * read (the attention list lives there) for `downAfterMs`, it mails that once, from memory —
 * only the worker that held the watch (down-watch.ts) at its last good round, or a worker that
 * never had one (the database was down from its start).
 */
import type { Executor } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { errorMessage, type Logger } from "../../lib/log";
import { formatMoment } from "../../lib/pages/period";
import { holdDownWatch } from "./down-watch";
import { databaseDownMail } from "./mail-text";
import type { SendOperatorMail } from "./mailer";
import { runMailRound } from "./mail-round";

/** Runs mail rounds until `signal` aborts. */
export async function runOperatorMail(o: {
  db: Executor;
  clock: Clock;
  log: Logger;
  signal: AbortSignal;
  send: SendOperatorMail;
  siteUrl: string;
  workerId: string;
  /** @default 60 s */ everyMs?: number;
  /** @default 5 min */ downAfterMs?: number;
}): Promise<void> {
  const { clock, log, signal } = o;
  const everyMs = o.everyMs ?? 60_000;
  const downAfterMs = o.downAfterMs ?? 5 * 60_000;
  let failingSince: number | undefined;
  let downMailed = false;
  /** Whether this worker held the watch at its last good round; undefined before one. */
  let watching: boolean | undefined;
  while (!signal.aborted) {
    const now = clock.now();
    try {
      const result = await runMailRound({ db: o.db, now, send: o.send, siteUrl: o.siteUrl });
      watching = await holdDownWatch(o.db, { workerId: o.workerId, now, forMs: 3 * everyMs });
      failingSince = undefined;
      downMailed = false;
      if ("failed" in result) log.warn("mail.failed", { items: result.failed, error: result.error });
      else if (result.sent > 0) log.info("mail.sent", { items: result.sent });
    } catch (error) {
      if (signal.aborted) break;
      failingSince ??= now;
      log.warn("mail.round_failed", { error: errorMessage(error) });
      if (!downMailed && watching !== false && now - failingSince >= downAfterMs) {
        try {
          await o.send(databaseDownMail(formatMoment(failingSince), o.siteUrl));
          downMailed = true;
          log.info("mail.sent", { items: 1, database: "down" });
        } catch (sendError) {
          log.warn("mail.failed", { items: 1, error: errorMessage(sendError) });
        }
      }
    }
    await clock.sleep(everyMs, signal).catch(() => {});
  }
}
