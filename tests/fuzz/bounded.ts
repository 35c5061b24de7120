/**
 * The fuzz properties' verdict on one call (SPEC SEC-4): it returns, or throws only what the
 * function documents, within `CASE_BOUND_MS` of CPU time. CPU rather than wall time, so that a
 * long run niced on a busy machine does not fail on waiting; a synchronous hang cannot be
 * interrupted, so a slow case fails the property by its measured time, a true hang by the
 * test timeout.
 */
import { CASE_BOUND_MS } from "./runs";

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function check(start: number): void {
  const elapsed = cpuMs() - start;
  if (elapsed > CASE_BOUND_MS) throw new Error(`took ${elapsed.toFixed(0)} ms of CPU, bound ${CASE_BOUND_MS} ms`);
}

/** Run `call`; fail if it takes more CPU than the bound or throws something `allowed` does not accept. */
export function boundedCall<T>(call: () => T, allowed: (error: unknown) => boolean = () => false): T | undefined {
  const start = cpuMs();
  let result: T | undefined;
  try {
    result = call();
  } catch (error) {
    if (!allowed(error)) throw error;
  }
  check(start);
  return result;
}

/** `boundedCall` for promises (the CPU of anything else running meanwhile counts too: a stricter bound). */
export async function boundedAsync<T>(call: () => Promise<T>, allowed: (error: unknown) => boolean = () => false): Promise<T | undefined> {
  const start = cpuMs();
  let result: T | undefined;
  try {
    result = await call();
  } catch (error) {
    if (!allowed(error)) throw error;
  }
  check(start);
  return result;
}
