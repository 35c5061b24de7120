/** Command-line options of `npm run seed:history`, read by Node's parseArgs. */
import { parseArgs } from "node:util";

/** What to generate. */
export interface SeedOptions {
  /** @default 50 */
  outlets: number;
  /** @default 365 */
  days: number;
  /** @default "hemeroscopio" */
  seed: string;
  /** End of the generated range (epoch ms). @default now, floored to the hour */
  end: number;
  /** Days of request log (fetch_log) before the end. @default 30 */
  logDays: number;
  /** Delete earlier generated outlets with the same slugs first. @default false */
  replace: boolean;
}

export const USAGE = `usage: npm run seed:history -- [--outlets N] [--days N] [--seed TEXT] [--end ISO-DATE] [--log-days N] [--replace]
A realistic simulated history for invented outlets, written straight into the configured
database (DATABASE_URL, or the embedded PostgreSQL of the data directory).
  --outlets N     how many outlets, 1 to 1000 (default 50)
  --days N        days of history, 1 to 3660 (default 365)
  --seed TEXT     seed of the invented outlets and their news (default hemeroscopio)
  --end ISO-DATE  end of the history (default now, floored to the hour)
  --log-days N    days of request log before the end, 1 to 3660 (default 30)
  --replace       delete earlier generated outlets with the same slugs first
  -h, --help      print this help`;

const USAGE_LINE = USAGE.split("\n")[0]!;

/** Parse `args`; a bad value throws with the usage line. */
export function parseSeedOptions(args: readonly string[], now: number): SeedOptions {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      options: {
        outlets: { type: "string" },
        days: { type: "string" },
        seed: { type: "string" },
        end: { type: "string" },
        "log-days": { type: "string" },
        replace: { type: "boolean" },
      },
    }).values;
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE_LINE}`, { cause: error });
  }
  const whole = (name: string, v: string | undefined, fallback: number, max: number) => {
    if (v === undefined) return fallback;
    if (!/^[0-9]+$/.test(v) || Number(v) < 1 || Number(v) > max)
      throw new Error(`--${name} must be a whole number from 1 to ${max}\n${USAGE_LINE}`);
    return Number(v);
  };
  if (values.seed === "") throw new Error(`--seed needs a value\n${USAGE_LINE}`);
  const end = values.end === undefined ? Math.floor(now / 3_600_000) * 3_600_000 : Date.parse(values.end);
  if (!Number.isFinite(end)) throw new Error(`--end must be an ISO date or date-time\n${USAGE_LINE}`);
  return {
    outlets: whole("outlets", values.outlets, 50, 1000),
    days: whole("days", values.days, 365, 3660),
    seed: values.seed ?? "hemeroscopio",
    end,
    logDays: whole("log-days", values["log-days"], 30, 3660),
    replace: values.replace === true,
  };
}
