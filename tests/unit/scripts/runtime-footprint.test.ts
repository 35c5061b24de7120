import fs from "node:fs";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { runtimeBuildOptions } from "../../../scripts/runtime/build.mjs";
import { entryArgs, entryFlags } from "../../../scripts/runtime/entry";

/** The packages a bundle of dist/ imports, by how: statically (loaded at start) or dynamically (on first use). */
async function packageImports(entry: "worker" | "site" | "site-renderer" | "start") {
  const options = runtimeBuildOptions();
  const result = await esbuild.build({ ...options, entryPoints: { [entry]: options.entryPoints[entry]! }, sourcemap: false });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint !== undefined)!;
  const of = (kind: string) => new Set(output.imports.filter((i) => i.external && i.kind === kind).map((i) => i.path));
  return { static: of("import-statement"), dynamic: of("dynamic-import") };
}

describe("the compiled runtime's memory", () => {
  it("OPS-6: the worker loads playwright-core only when a browser-mode front page needs Chromium", async () => {
    const imports = await packageImports("worker");
    expect(imports.static.has("linkedom")).toBe(true); // the check sees the worker's packages
    expect(imports.static.has("playwright-core")).toBe(false);
    expect(imports.dynamic.has("playwright-core")).toBe(true);
  }, 60_000);

  it("OPS-6: the site's processes and the worker run with a capped young generation, the flags before the script", () => {
    for (const name of ["site", "site-renderer", "worker"] as const) {
      const args = entryArgs(name);
      expect(entryFlags[name].some((f) => /^--max-semi-space-size=\d+$/.test(f))).toBe(true);
      expect(args.slice(0, entryFlags[name].length)).toEqual(entryFlags[name]);
    }
    expect(entryFlags.worker).toContain("--heap-growing-percent=50");
  });

  it("OPS-6: `npm run worker` (a worker on its own machine) runs with the same flags as the worker `npm start` spawns", () => {
    const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.worker).toContain(`node ${entryFlags.worker.join(" ")} scripts/runtime/launch.mjs worker`);
  });
});
