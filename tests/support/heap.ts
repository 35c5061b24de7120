/**
 * The heap in use after full collections, for memory tests: what stays reachable. The
 * process exposes `gc` to itself (no command-line flag needed).
 */
import { runInNewContext } from "node:vm";
import v8 from "node:v8";

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const MIB = 1024 * 1024;

/** MiB of heap in use once nothing but what is reachable is left. */
export function heapInUseAfterGcMiB(): number {
  // V8 keeps the subject of the last successful regex match (RegExp.input, `$_`) until the
  // next one: a whole input when a parser's last match ran on it. That string is held by
  // the engine, not by the code under test, so a tiny match lets it go first.
  /x/.exec("x");
  gc();
  gc();
  return process.memoryUsage().heapUsed / MIB;
}
