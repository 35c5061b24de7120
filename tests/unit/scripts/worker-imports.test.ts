/**
 * The worker shares only the modules made for sharing (docs/architecture.md): the site's read
 * models import `server-only`, which a plain Node.js run of the worker (tsx, as the tests and
 * `node --import tsx crawler/main.ts` start it) refuses to load. Read from esbuild's list of
 * the worker bundle's inputs.
 */
import * as esbuild from "esbuild";
import { expect, it } from "vitest";
import { runtimeBuildOptions } from "../../../scripts/runtime/build.mjs";

it("ROB-2: the worker imports no site read model and nothing marked server-only", async () => {
  const options = runtimeBuildOptions();
  const result = await esbuild.build({ ...options, entryPoints: { worker: options.entryPoints.worker! }, sourcemap: false, write: false });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs).toContain("crawler/main.ts"); // the check sees the worker's own files
  expect(inputs.filter((i) => i.includes("server-only") || i.startsWith("db/queries/"))).toEqual([]);
}, 60_000);
