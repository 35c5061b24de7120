/**
 * Slow servers, in real time (these test sockets and timeouts, not simulated time):
 * a server that never answers (robots.txt "timeout", SPEC ROB-3/BLK-4) and one that
 * delays its headers.
 */
import type { SimRequest, SimResponse } from "../http-types";
import type { HangScenario, SlowHeadersScenario } from "./types";

/** Waits `ms`, or less if `signal` aborts; resolves true when the full wait elapsed. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Sends nothing; drops the connection after `seconds`, or waits for the client or server to end it. */
export async function hang(s: HangScenario, req: SimRequest): Promise<SimResponse> {
  await pause(s.seconds === undefined ? 2 ** 31 - 1 : s.seconds * 1000, req.signal);
  return { status: 0, headers: {}, destroy: true };
}

/** Delays the normal response's headers by `ms`. */
export async function slowHeaders(s: SlowHeadersScenario, req: SimRequest, next: () => Promise<SimResponse>): Promise<SimResponse> {
  if (!(await pause(s.ms, req.signal))) return { status: 0, headers: {}, destroy: true };
  return next();
}
