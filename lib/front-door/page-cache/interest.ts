/**
 * Who still waits for a render: the readers of one cache key share one render (store.ts),
 * so it is cancelled only when the last of them has gone without an answer (a reader who
 * closed the tab, a client that gave up). Its upstream request is then destroyed, and the
 * renderer, seeing the connection close, cancels its statements (db/cancellable-queries.ts),
 * so an abandoned render stops costing the renderer and PostgreSQL at once.
 */
import type { ServerResponse } from "node:http";

/** The render was cancelled because every reader waiting for it left. */
export class Abandoned extends Error {
  constructor() {
    super("every reader of this render left");
  }
}

export interface Interest {
  /** Count `response` as a reader of `key`'s render; the signal aborts once all its readers left unanswered. */
  follow(key: string, response: ServerResponse): AbortSignal;
}

export function createInterest(): Interest {
  const following = new Map<string, { readers: number; controller: AbortController }>();
  return {
    follow(key, response) {
      let entry = following.get(key);
      if (!entry) following.set(key, (entry = { readers: 0, controller: new AbortController() }));
      const mine = entry;
      mine.readers++;
      response.once("close", () => {
        if (--mine.readers > 0) return;
        if (following.get(key) === mine) following.delete(key);
        if (!response.writableFinished) mine.controller.abort();
      });
      return mine.controller.signal;
    },
  };
}
