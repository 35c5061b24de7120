/**
 * Memory bounds (SPEC SEC-4, POL-5): every parser on ~10 MiB hostile inputs, in a child
 * process whose V8 heap is capped at HEAP_CAP_MIB, so a parser that needs more kills it.
 * Each case runs twice: what stays reachable after a full GC must not grow (no leak).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const HEAP_CAP_MIB = 320;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCRIPT = fileURLToPath(new URL("./support/big-inputs.ts", import.meta.url));

interface CaseLine {
  name: string;
  ms: number;
  retainedMiB: number;
  growthMiB: number;
}

describe("parsers on 10 MiB hostile inputs (SPEC SEC-4, POL-5)", () => {
  it("SEC-4: every parser stays under a 320 MiB heap, within 15 s per case, and keeps nothing between runs", () => {
    const child = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MIB}`, "--import", "tsx", SCRIPT], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 170_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const lines: CaseLine[] = child.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as CaseLine);
    expect(child.stderr.slice(-2_000), `child died after ${lines.at(-1)?.name ?? "no case"}`).not.toMatch(/heap out of memory|FATAL/);
    expect(child.status).toBe(0);
    expect(lines.length).toBeGreaterThanOrEqual(17);
    for (const line of lines) {
      expect(line.ms, line.name).toBeLessThan(15_000);
      expect(line.retainedMiB, line.name).toBeLessThan(48);
      expect(line.growthMiB, line.name).toBeLessThan(2);
    }
  }, 180_000);
});
