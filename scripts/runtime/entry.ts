/**
 * How a process of the product starts another: a compiled bundle (dist/, scripts/runtime/build.mjs)
 * starts the child's bundle, while the TypeScript sources (tests, development, through tsx) start
 * the child's source through tsx. So `npm start` never loads tsx, and tests keep running sources.
 */
import path from "node:path";
import { runtimeDir, runtimeEntries } from "./build.mjs";

/** Set to true by esbuild's `define` in the bundles only. */
declare const HEMEROSCOPIO_BUNDLE: boolean | undefined;

/** Whether this process runs a compiled bundle. */
export const runsCompiled = typeof HEMEROSCOPIO_BUNDLE !== "undefined" && HEMEROSCOPIO_BUNDLE;

/** Node.js arguments that run entry `name` the way this process runs. */
export function entryArgs(name: keyof typeof runtimeEntries): string[] {
  return runsCompiled ? [path.join(runtimeDir, `${name}.js`)] : ["--import", "tsx", runtimeEntries[name]];
}
