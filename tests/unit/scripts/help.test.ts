// Every npm script that runs a script of ours answers --help with its usage and exits 0, starting nothing.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { asksForHelp } from "../../../scripts/command-line";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const run = promisify(execFile);

/** The package.json scripts that run a file of ours with node: name → node's arguments (flags, file, then the file's own). */
function ourScripts(): Map<string, string[]> {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const found = new Map<string, string[]>();
  for (const [name, command] of Object.entries(scripts)) {
    const words = command.split(/\s+/);
    const node = words.indexOf("node");
    const file = words.findIndex((w) => /^(scripts|tests)\/\S+\.(ts|mjs)$/.test(w));
    if (node < 0 || file < node) continue;
    found.set(name, words.slice(node + 1));
  }
  return found;
}

/** Runs one script's command with `flag` added; the data directory points nowhere, so nothing could start quietly. */
async function help(args: string[], flag: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [...args, flag], {
      cwd: root,
      env: { ...process.env, HEMEROSCOPIO_DATA_DIR: "/nonexistent/hemeroscopio-help", DATABASE_URL: "" },
      timeout: 50_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("scripts' --help", () => {
  it("OPS-3: every script of ours in package.json prints its usage and exits 0 on --help (-h too)", { timeout: 60_000 }, async () => {
    const scripts = ourScripts();
    // The list is read from package.json; these must be in it, so a changed command line cannot empty the test.
    for (const name of ["start", "worker", "demo", "sim", "bench", "outlets", "seed:history", "backup", "restore", "operator:hash"])
      expect([...scripts.keys()], name).toContain(name);
    const answers = await Promise.all(
      // -h is the same code path in every script (scripts/command-line.ts), so two suffice for it.
      [...scripts].flatMap(([name, args]) =>
        (name === "demo" || name === "start" ? ["--help", "-h"] : ["--help"]).map(async (flag) => ({
          name,
          flag,
          ...(await help(args, flag)),
        })),
      ),
    );
    for (const a of answers) {
      expect(a.code, `${a.name} ${a.flag}: ${a.stdout}`).toBe(0);
      expect(a.stdout, `${a.name} ${a.flag}`).toMatch(/^usage: /m);
      expect(a.stdout, `${a.name} ${a.flag}`).toMatch(/-h, --help/);
    }
    expect(answers.find((a) => a.name === "demo")?.stdout).toMatch(/--speed N/);
  });

  it("help is asked by --help or -h before a bare --, never after it", () => {
    expect(asksForHelp(["--speed", "2", "--help"])).toBe(true);
    expect(asksForHelp(["-h"])).toBe(true);
    expect(asksForHelp(["export", "--yaml"])).toBe(false);
    expect(asksForHelp(["--", "--help"])).toBe(false);
  });
});
