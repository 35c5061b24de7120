/**
 * How an entry point reports a fatal start-up problem: one clear line on stderr,
 * no stack trace, for the problems a person can fix (configuration, files, ports).
 */
import { ConfigError } from "./config";

/** Codes of errors whose message is already a complete, one-line explanation. */
const explained = new Set(["config_invalid", "outlets_file_invalid", "outlets_file_unreadable", "outlets_file_syntax"]);

/** Print `error` as one line and exit with status 2 (configuration) or 1. */
export function exitWithError(component: string, error: unknown): never {
  const code = (error as { code?: unknown })?.code;
  const isExplained = error instanceof ConfigError || (typeof code === "string" && explained.has(code));
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${component}: ${message.split("\n")[0]}\n`);
  process.exit(isExplained ? 2 : 1);
}
