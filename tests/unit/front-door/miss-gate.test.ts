/** The bound on renders per reader and in all, with its short queue and fast refusal. */
import { describe, expect, it } from "vitest";
import { Busy, createMissGate } from "../../../lib/front-door/page-cache/miss-gate";

/** A render that ends when the test says so. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe("miss gate (SEC-6)", () => {
  it("SEC-6: one reader gets `perReader` renders, a short queue, then Busy; another reader is not held up by them", async () => {
    const gate = createMissGate({ perReader: 2, total: 8, queue: 16, queueWaitMs: 60_000 });
    const renders = Array.from({ length: 4 }, held);
    const running = renders.map((r) => gate.run("203.0.113.7", r.work));
    expect(gate.load()).toEqual({ inFlight: 2, queued: 2 });
    await expect(gate.run("203.0.113.7", async () => "de más")).rejects.toBeInstanceOf(Busy);
    await expect(gate.run("198.51.100.2", async () => "otro lector")).resolves.toBe("otro lector");
    renders[0]!.finish();
    await running[0];
    expect(gate.load()).toEqual({ inFlight: 2, queued: 1 });
    for (const r of renders) r.finish();
    await Promise.all(running);
    expect(gate.load()).toEqual({ inFlight: 0, queued: 0 });
  });

  it("SEC-6: the total bound holds across readers, and a full queue refuses at once", async () => {
    const gate = createMissGate({ perReader: 2, total: 3, queue: 1, queueWaitMs: 60_000 });
    const renders = Array.from({ length: 4 }, held);
    const running = renders.map((r, i) => gate.run(`10.0.0.${i}`, r.work));
    expect(gate.load()).toEqual({ inFlight: 3, queued: 1 });
    await expect(gate.run("10.0.0.9", async () => 1)).rejects.toBeInstanceOf(Busy);
    for (const r of renders) r.finish();
    await Promise.all(running);
  });

  it("SEC-6: a queued request is refused when its wait runs out, or dropped when its reader leaves", async () => {
    const gate = createMissGate({ perReader: 1, total: 8, queue: 16, queueWaitMs: 0 });
    const first = held();
    const running = gate.run("203.0.113.7", first.work);
    await expect(gate.run("203.0.113.7", async () => 1)).rejects.toBeInstanceOf(Busy);
    const patient = createMissGate({ perReader: 1, total: 8, queue: 16, queueWaitMs: 60_000 });
    const other = held();
    const busy = patient.run("203.0.113.7", other.work);
    const left = new AbortController();
    const waiting = patient.run("203.0.113.7", async () => 1, left.signal);
    expect(patient.load().queued).toBe(1);
    left.abort();
    await expect(waiting).rejects.toBeInstanceOf(Busy);
    expect(patient.load()).toEqual({ inFlight: 1, queued: 0 });
    first.finish();
    other.finish();
    await Promise.all([running, busy]);
  });

  it("SEC-6: a reader on this machine (undefined) is held to the total bound only", async () => {
    const gate = createMissGate({ perReader: 1, total: 3, queue: 1, queueWaitMs: 60_000 });
    const renders = Array.from({ length: 4 }, held);
    const running = renders.map((r) => gate.run(undefined, r.work));
    expect(gate.load()).toEqual({ inFlight: 3, queued: 1 });
    for (const r of renders) r.finish();
    await Promise.all(running);
  });

  it("SEC-6: a render that fails frees its slot", async () => {
    const gate = createMissGate({ perReader: 1, total: 1, queue: 0, queueWaitMs: 0 });
    await expect(gate.run("a", () => Promise.reject(new Error("roto")))).rejects.toThrow("roto");
    await expect(gate.run("a", async () => "libre")).resolves.toBe("libre");
  });
});
