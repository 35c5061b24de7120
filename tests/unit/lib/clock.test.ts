import { describe, expect, it } from "vitest";
import { manualClock, scaledClock, systemClock } from "../../../lib/clock";
import { createLogger } from "../../../lib/log";

describe("clocks", () => {
  it("a manual clock only moves when told, and wakes sleepers whose time has come", async () => {
    const clock = manualClock(1000);
    const woke: number[] = [];
    void clock.sleep(500).then(() => woke.push(clock.now()));
    void clock.sleep(2000).then(() => woke.push(clock.now()));
    clock.advance(600);
    await Promise.resolve();
    await Promise.resolve();
    expect(woke).toEqual([1600]);
    clock.advance(2000);
    await new Promise((r) => setTimeout(r, 0));
    expect(woke).toEqual([1600, 3600]);
  });

  it("a manual clock's sleeps woken by time leave no listener on a long-lived signal", async () => {
    const clock = manualClock(0);
    const stop = new AbortController();
    const added: unknown[] = [];
    const signal = stop.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions | boolean) => {
      added.push(listener);
      add(type, listener, options);
    };
    signal.removeEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: EventListenerOptions | boolean) => {
      if (added.includes(listener)) added.splice(added.indexOf(listener), 1);
      remove(type, listener, options);
    };
    for (let i = 0; i < 20; i++) {
      const sleeping = clock.sleep(1000, signal);
      clock.advance(1000);
      await sleeping;
    }
    expect(added).toHaveLength(0);
    const last = clock.sleep(1000, signal);
    stop.abort();
    await expect(last).resolves.toBeUndefined();
  });

  it("a sleep ends early, without error, when its signal aborts", async () => {
    const stop = new AbortController();
    const sleeping = systemClock.sleep(60_000, stop.signal);
    stop.abort();
    await expect(sleeping).resolves.toBeUndefined();
  });

  it("a scaled clock runs faster than real time from its origin; scale 1 is the system clock", async () => {
    const origin = Date.now();
    const fast = scaledClock(100, origin);
    await new Promise((r) => setTimeout(r, 50));
    expect(fast.now() - origin).toBeGreaterThanOrEqual(4000);
    expect(scaledClock(1)).toBe(systemClock);
    const before = Date.now();
    await fast.sleep(3000);
    expect(Date.now() - before).toBeLessThan(500);
  });
});

describe("structured logs", () => {
  it("OPS-4: one JSON object per line, with level filtering and child components", () => {
    const lines: string[] = [];
    const log = createLogger({ component: "worker", level: "info", write: (l) => lines.push(l), now: () => 0 });
    log.debug("hidden");
    log.child("fetch").info("request", { status: 200 });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { t: "1970-01-01T00:00:00.000Z", level: "info", component: "worker.fetch", event: "request", status: 200 },
    ]);
  });
});
