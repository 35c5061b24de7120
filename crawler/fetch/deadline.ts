/**
 * The total timeout of one exchange (SPEC POL-5: headers and body together) joined with
 * the caller's signal. Listeners and timers are removed when the exchange ends, so a
 * long-lived worker signal does not collect one listener per request.
 */

/** The signals of one exchange. */
export interface ExchangeSignals {
  /** Aborts on the caller's signal or at the deadline, whichever comes first. */
  signal: AbortSignal;
  /** Aborts only at the deadline: tells a timeout from a caller abort. */
  deadline: AbortSignal;
  dispose(): void;
}

/** Join `caller` with a deadline `totalMs` from now. */
export function exchangeSignals(caller: AbortSignal, totalMs: number): ExchangeSignals {
  const both = new AbortController();
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    deadline.abort(new DOMException(`total timeout of ${totalMs} ms`, "TimeoutError"));
    both.abort(deadline.signal.reason);
  }, totalMs);
  const onCaller = () => both.abort(caller.reason);
  if (caller.aborted) onCaller();
  else caller.addEventListener("abort", onCaller, { once: true });
  return {
    signal: both.signal,
    deadline: deadline.signal,
    dispose() {
      clearTimeout(timer);
      caller.removeEventListener("abort", onCaller);
    },
  };
}

/** Resolve with `work`, or reject `graceMs` after `signal` aborts if `work` never reports back. */
export async function withinDeadline<T>(work: Promise<T>, signal: AbortSignal, graceMs: number, onLate: () => Error): Promise<T> {
  work.catch(() => {}); // if the deadline wins, a late failure must not go unhandled
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  const late = new Promise<never>((_, reject) => {
    onAbort = () => {
      timer = setTimeout(() => reject(onLate()), graceMs);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}
