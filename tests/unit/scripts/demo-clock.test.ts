import { describe, expect, it } from "vitest";
import { scaledClock } from "../../../lib/clock";
import { demoClockStart } from "../../../scripts/demo-clock";

const NOW = Date.parse("2026-12-01T10:00:00Z");

describe("the demo's clock across runs (OPS-3)", () => {
  it("OPS-3: a first run starts at real time, at any speed", () => {
    expect(demoClockStart(1, NOW, undefined)).toEqual({ origin: NOW, startsAt: NOW });
    expect(demoClockStart(60, NOW, undefined)).toEqual({ origin: NOW, startsAt: NOW });
    expect(demoClockStart(60, NOW, NOW - 3_600_000)).toEqual({ origin: NOW, startsAt: NOW });
  });

  it("OPS-3: a faster run continues from where an earlier run's clock stopped", () => {
    const reached = NOW + 30 * 3_600_000;
    const start = demoClockStart(60, NOW, reached);
    if ("refused" in start) throw new Error(start.refused);
    // The scaled clock the worker and the site build from that origin reads `reached` now, and runs ×60.
    const clock = scaledClock(60, start.origin);
    const realNow = Date.now();
    const expectedNow = reached + (realNow - NOW) * 60;
    expect(Math.abs(clock.now() - expectedNow)).toBeLessThan(60 * 1_000);
  });

  it("OPS-3: a run at real speed on a faster run's data is refused with a way out", () => {
    const start = demoClockStart(1, NOW, NOW + 3_600_000);
    expect(start).toEqual({ refused: expect.stringContaining("--speed") });
  });
});
