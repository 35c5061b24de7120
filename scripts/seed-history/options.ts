/** Command-line options of `npm run seed:history`. */

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

export const USAGE = "usage: npm run seed:history -- [--outlets N] [--days N] [--seed TEXT] [--end ISO-DATE] [--log-days N] [--replace]";

/** Parse `args`; a bad value throws with the usage line. */
export function parseSeedOptions(args: readonly string[], now: number): SeedOptions {
  const options: SeedOptions = {
    outlets: 50,
    days: 365,
    seed: "hemeroscopio",
    end: Math.floor(now / 3_600_000) * 3_600_000,
    logDays: 30,
    replace: false,
  };
  const whole = (name: string, v: string | undefined, max: number) => {
    if (!v || !/^[0-9]+$/.test(v) || Number(v) < 1 || Number(v) > max)
      throw new Error(`${name} must be a whole number from 1 to ${max}\n${USAGE}`);
    return Number(v);
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? args[++i];
    switch (flag) {
      case "--outlets":
        options.outlets = whole(flag, value(), 1000);
        break;
      case "--days":
        options.days = whole(flag, value(), 3660);
        break;
      case "--log-days":
        options.logDays = whole(flag, value(), 3660);
        break;
      case "--seed":
        options.seed = value() ?? "";
        if (!options.seed) throw new Error(`--seed needs a value\n${USAGE}`);
        break;
      case "--end": {
        const v = value() ?? "";
        const ms = Date.parse(v);
        if (!Number.isFinite(ms)) throw new Error(`--end must be an ISO date or date-time\n${USAGE}`);
        options.end = ms;
        break;
      }
      case "--replace":
        options.replace = true;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}
