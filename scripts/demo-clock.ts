/**
 * The demo's clock across runs. A demo run at `--speed N` records data up to N times
 * further than real time has gone; the next run on the same data directory must not start
 * before that, or every source would wait for a due time in its future. So the furthest
 * instant a run reached is kept in the data directory, and a faster run continues from it.
 */
import fs from "node:fs/promises";
import path from "node:path";

const FILE = "demo-clock.json";

/** Where the clock starts: `origin` as `HEMEROSCOPIO_TIME_ORIGIN` reads it (the real instant at which the scaled clock equals real time). */
export interface DemoClockStart {
  origin: number;
  startsAt: number;
}

/** The furthest instant an earlier run reached, or undefined. */
export async function lastReached(dataDir: string): Promise<number | undefined> {
  try {
    const { reached } = JSON.parse(await fs.readFile(path.join(dataDir, FILE), "utf8")) as { reached?: unknown };
    return typeof reached === "number" && Number.isFinite(reached) ? reached : undefined;
  } catch {
    return undefined;
  }
}

/** Keep the furthest instant this run reached. */
export async function rememberReached(dataDir: string, reached: number): Promise<void> {
  const before = await lastReached(dataDir);
  await fs.writeFile(path.join(dataDir, FILE), JSON.stringify({ reached: Math.max(reached, before ?? reached) }));
}

/**
 * The clock of a run at `speed` starting at the real instant `realNow`: from real time, or
 * from where an earlier run stopped when that is later. A run at real speed cannot catch up
 * with a faster run's data: it says so (the caller stops with that message).
 */
export function demoClockStart(speed: number, realNow: number, reached: number | undefined): DemoClockStart | { refused: string } {
  const startsAt = Math.max(realNow, reached ?? realNow);
  if (startsAt === realNow) return { origin: realNow, startsAt };
  if (speed === 1) {
    return {
      refused: `this data directory holds a faster demo's data up to ${new Date(startsAt).toISOString()}; run it with --speed again, or remove the directory`,
    };
  }
  // origin + (realNow − origin) × speed = startsAt
  return { origin: Math.round((realNow * speed - startsAt) / (speed - 1)), startsAt };
}
