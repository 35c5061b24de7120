/** Timing a read many times at random points, one call after another: sorted latencies and their percentiles. */
import { createRandom } from "../../../scripts/seed-history/generate/random";
export { percentile } from "./mix-load";

/** A seeded uniform source in [0, 1): the same seed draws the same minutes and outlets. */
export function randomSource(seed: number): () => number {
  const random = createRandom(`bench-history-${seed}`);
  return () => random.next();
}

/** Milliseconds (sorted) of `n` calls of `work`, each given the shared random source, after one untimed warm-up call. */
export async function timeSamples(n: number, random: () => number, work: (random: () => number) => Promise<unknown>): Promise<number[]> {
  await work(random);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await work(random);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
