import { describe, expect, it } from "vitest";
import { watchSlow } from "../../../crawler/slow-database";
import { manualClock } from "../../../lib/clock";
import { createLogger } from "../../../lib/log";

const T0 = Date.parse("2026-11-30T04:00:00Z");
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("a slow database statement of the worker loop (OPS-2)", () => {
  it("OPS-2: a blocked statement is logged after 10 s, then at doubling intervals, and once more when it answers", async () => {
    const clock = manualClock(T0);
    const lines: { event: string; step: string; waitingMs?: number; waitedMs?: number }[] = [];
    const log = createLogger({ component: "worker", write: (l) => lines.push(JSON.parse(l) as (typeof lines)[number]) });
    let answer: (v: number) => void = () => {};
    const watched = watchSlow("claim", new Promise<number>((r) => (answer = r)), { clock, log, fields: { workerId: "w" } });
    for (let i = 0; i < 8; i++) {
      clock.advance(5_000);
      await tick();
    }
    expect(lines.map((l) => [l.event, l.waitingMs])).toEqual([
      ["database.slow", 10_000],
      ["database.slow", 30_000],
    ]);
    answer(7);
    expect(await watched).toBe(7);
    expect(lines.at(-1)).toMatchObject({ event: "database.answered", step: "claim", waitedMs: 40_000 });
  });

  it("OPS-2: a statement that answers in time logs nothing, and an error is passed on as it is", async () => {
    const clock = manualClock(T0);
    const lines: string[] = [];
    const log = createLogger({ component: "worker", write: (l) => lines.push(l) });
    expect(await watchSlow("heartbeat", Promise.resolve("ok"), { clock, log, fields: {} })).toBe("ok");
    await expect(watchSlow("claim", Promise.reject(new Error("too many connections")), { clock, log, fields: {} })).rejects.toThrow(
      "too many connections",
    );
    clock.advance(60_000);
    await tick();
    expect(lines).toEqual([]);
  });
});
