/**
 * `npm run operator:hash`: reads a password on standard input (not from the command line,
 * where other users could see it) and prints its scrypt hash for
 * HEMEROSCOPIO_OPERATOR_PASSWORD_HASH (SPEC ADM-1), which closes the first-run setup page.
 */
import { text } from "node:stream/consumers";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../lib/admin/password";
import { exitWithError } from "../lib/fail";
import { parseCommandLine } from "./command-line";

const USAGE = `usage: npm run operator:hash < password-file   (or type it, then Enter and Ctrl-D)
Reads a password on standard input, never from the command line where other users could see
it, and prints its hash for HEMEROSCOPIO_OPERATOR_PASSWORD_HASH.
  -h, --help  print this help`;

async function main(): Promise<void> {
  parseCommandLine(USAGE, { args: process.argv.slice(2), options: {} });
  if (process.stdin.isTTY) process.stderr.write("Password (then Enter and Ctrl-D): ");
  const password = (await text(process.stdin)).replace(/\r?\n$/, "");
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  process.stdout.write(`${await hashPassword(password)}\n`);
}

main().catch((error: unknown) => exitWithError("operator:hash", error));
