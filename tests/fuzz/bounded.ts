/**
 * The fuzz properties' verdict on one call (SPEC SEC-4): it returns, or throws only what the
 * function documents, within `CASE_BOUND_MS`. A synchronous hang cannot be interrupted, so
 * a slow case fails the property by its measured time, and a true hang by the test timeout.
 */
import { CASE_BOUND_MS } from "./runs";

/** Run `call`; fail if it takes longer than the bound or throws something `allowed` does not accept. */
export function boundedCall<T>(call: () => T, allowed: (error: unknown) => boolean = () => false): T | undefined {
  const start = performance.now();
  let result: T | undefined;
  try {
    result = call();
  } catch (error) {
    if (!allowed(error)) throw error;
  }
  const elapsed = performance.now() - start;
  if (elapsed > CASE_BOUND_MS) throw new Error(`took ${elapsed.toFixed(0)} ms, bound ${CASE_BOUND_MS} ms`);
  return result;
}

/** `boundedCall` for promises. */
export async function boundedAsync<T>(call: () => Promise<T>, allowed: (error: unknown) => boolean = () => false): Promise<T | undefined> {
  const start = performance.now();
  let result: T | undefined;
  try {
    result = await call();
  } catch (error) {
    if (!allowed(error)) throw error;
  }
  const elapsed = performance.now() - start;
  if (elapsed > CASE_BOUND_MS) throw new Error(`took ${elapsed.toFixed(0)} ms, bound ${CASE_BOUND_MS} ms`);
  return result;
}
