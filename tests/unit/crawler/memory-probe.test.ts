/**
 * The worker's memory probe: off unless asked for and given a GC;
 * when on, a full collection and then numbers only (STO-3) at warn level.
 */
import { describe, expect, it } from "vitest";
import { startMemoryProbe } from "../../../crawler/memory-probe";
import { createLogger } from "../../../lib/log";

const lines = () => {
  const out: Record<string, unknown>[] = [];
  return {
    out,
    log: createLogger({ component: "worker", level: "warn", write: (line) => out.push(JSON.parse(line) as Record<string, unknown>) }),
  };
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("memory probe", () => {
  it("STO-3: logs the memory in MiB after a forced GC, numbers only, until stopped", async () => {
    const { out, log } = lines();
    let collections = 0;
    const stop = startMemoryProbe({ everyMs: 5, log, gc: () => collections++ });
    await wait(40);
    stop();
    const seen = out.length;
    await wait(20);
    expect(seen).toBeGreaterThan(0);
    expect(out.length).toBe(seen);
    expect(collections).toBe(seen);
    for (const line of out) {
      expect(line).toMatchObject({ level: "warn", event: "worker.memory" });
      for (const key of ["rssMiB", "heapUsedMiB", "heapTotalMiB", "externalMiB", "arrayBuffersMiB"])
        expect(typeof line[key]).toBe("number");
    }
  });

  it("STO-3: does nothing without a GC to call or with a zero interval", async () => {
    const { out, log } = lines();
    startMemoryProbe({ everyMs: 5, log })();
    const stop = startMemoryProbe({ everyMs: 0, log, gc: () => {} });
    await wait(20);
    stop();
    expect(out).toEqual([]);
  });
});
