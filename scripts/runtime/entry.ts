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

/**
 * V8 flags each child runs with (docs/benchmarks.md, "Footprint"). V8 lets the young generation
 * grow to two 16 MiB semi-spaces per process; capped smaller, short-lived objects are collected
 * sooner and a small server holds less (measured by `npm run bench -- footprint`). A heap
 * growing percent bounds how far the old generation may grow past what the last full collection
 * kept before the next one.
 */
export const entryFlags: Record<keyof typeof runtimeEntries, string[]> = {
  start: [],
  site: ["--max-semi-space-size=2"],
  "site-renderer": ["--max-semi-space-size=4"],
  // The worker's live heap is a third of what V8 lets it grow to before a full collection by default.
  worker: ["--max-semi-space-size=2", "--heap-growing-percent=50"],
};

/** Node.js arguments that run entry `name` the way this process runs. */
export function entryArgs(name: keyof typeof runtimeEntries): string[] {
  return [...entryFlags[name], ...(runsCompiled ? [path.join(runtimeDir, `${name}.js`)] : ["--import", "tsx", runtimeEntries[name]])];
}
