// Every npm script that runs a script of ours answers --help with its usage and exits 0, starting nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { asksForHelp } from "../../../scripts/command-line";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// The data directory the scripts are given lies under a plain file, so it cannot be created:
// a script that ignored --help and reached for its data would fail at once instead of starting.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "hemeroscopio-help-"));
const blocker = path.join(scratch, "not-a-directory");
fs.writeFileSync(blocker, "");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

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

/**
 * Runs one script's command with `flag` added. The data directory cannot exist, and the child
 * leads its own process group, killed whole when it exits or after 30 s: a script that ignored
 * --help and started something leaves nothing behind.
 */
function help(args: string[], flag: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, flag], {
      cwd: root,
      env: { ...process.env, HEMEROSCOPIO_DATA_DIR: path.join(blocker, "data"), DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // The group is already gone: nothing was left running.
      }
    };
    const timer = setTimeout(killGroup, 30_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code, stdout });
    });
  });
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
