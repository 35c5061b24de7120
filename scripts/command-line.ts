/**
 * Command lines of the project's scripts: options read by Node's `util.parseArgs`, and
 * `--help` / `-h` answered with the script's usage before anything starts (no database, no
 * server, no waiting on standard input).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

/** Whether `args` ask for help: `--help` or `-h` before any `--` (after it, arguments are taken as they are). */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

/** When `args` ask for help, print `usage` on standard output and exit 0; otherwise return. */
export function answerHelp(usage: string, args: readonly string[] = process.argv.slice(2)): void {
  if (!asksForHelp(args)) return;
  process.stdout.write(usage.endsWith("\n") ? usage : `${usage}\n`);
  process.exit(0);
}

/**
 * `config.args` parsed strictly by `parseArgs`, once `--help` has been answered. A bad command
 * line throws the parser's complaint, with the usage's first line after it.
 */
export function parseCommandLine<T extends ParseArgsConfig & { args: string[] }>(
  usage: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  answerHelp(usage, config.args);
  try {
    return parseArgs(config);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${usage.split("\n")[0]!}`, { cause: error });
  }
}

/** A whole number option from `min` up, `fallback` when absent; anything else throws naming the option. */
export function wholeNumber(value: string | undefined, name: string, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min) throw new Error(`--${name} takes a whole number from ${min}, not "${value}"`);
  return Number(value);
}
