/** SPEC ID-3: two processes starting at once on an empty data dir end up signing with one key. */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SIGNING_KEY_FILE, loadOrCreateSigningKey } from "../../../lib/web-bot-auth/keys";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const keysModule = path.join(root, "lib/web-bot-auth/keys.ts");

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-keys-"));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A separate Node process that loads or creates the key at `startAt` (ms) and prints its keyid. */
async function keyidFromAnotherProcess(dir: string, startAt: number): Promise<string> {
  const script = `const { loadOrCreateSigningKey } = await import(${JSON.stringify(keysModule)});
await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now())); // line the processes up
process.stdout.write((await loadOrCreateSigningKey(${JSON.stringify(dir)})).keyid);`;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root });
  return stdout;
}

describe("Web Bot Auth key across processes", () => {
  it("ID-3: concurrent first starts in separate processes agree on one persisted key", async () => {
    const startAt = Date.now() + 2000;
    const keyids = await Promise.all([0, 1, 2, 3].map(() => keyidFromAnotherProcess(dataDir, startAt)));
    expect(keyids[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(keyids).size).toBe(1);
    expect(await fs.readdir(path.join(dataDir, "keys"))).toEqual([SIGNING_KEY_FILE]);
    expect((await loadOrCreateSigningKey(dataDir)).keyid).toBe(keyids[0]);
  });
});
