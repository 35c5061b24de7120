/**
 * The site's renderer processes behind the front door (scripts/renderer-pool.ts), with
 * stub renderers (tests/support/stub-renderer.ts) over real HTTP on loopback: renders go
 * to the least busy renderer, a renderer killed outright is replaced while the other
 * serves (OPS-2), and stopping the pool stops every process.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../lib/log";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { startRenderers } from "../../../scripts/renderer-pool";

const STUB = "tests/support/stub-renderer.ts";
const quiet = createLogger({ component: "test", level: "error", write: () => {} });
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function frontDoor(count: number, env: NodeJS.ProcessEnv = process.env) {
  const pool = startRenderers(count, env, quiet, STUB);
  cleanups.push(() => pool.stop());
  await pool.ready;
  const front = http.createServer(createCachingProxy({ upstream: pool, store: undefined }));
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        front.closeAllConnections();
        front.close(resolve);
      }),
  );
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const pidOf = async (path = "/") => {
    const response = await fetch(url + path);
    return { status: response.status, pid: Number(await response.text()) };
  };
  return { pool, pidOf };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the site's renderers", () => {
  it("OPS-2: a render goes to the renderer with the fewest requests in flight, so a slow page holds up no other", async () => {
    const { pidOf } = await frontDoor(2);
    const slow = pidOf("/?ms=1500");
    await new Promise((r) => setTimeout(r, 100));
    const quick = [(await pidOf()).pid, (await pidOf()).pid, (await pidOf()).pid];
    const busy = (await slow).pid;
    expect(new Set(quick).size).toBe(1);
    expect(quick[0]).not.toBe(busy);
    // Idle again, both take turns.
    const later = new Set([(await pidOf()).pid, (await pidOf()).pid, (await pidOf()).pid, (await pidOf()).pid]);
    expect(later).toEqual(new Set([busy, quick[0]]));
  });

  it("SEC-2: a renderer answers only requests carrying its key, which only the front door has: no other local process can forge forwarded headers", async () => {
    const { pool, pidOf } = await frontDoor(1);
    const lease = pool.acquire()!;
    lease.release();
    const direct = await fetch(`http://127.0.0.1:${lease.port}/`, {
      headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" },
    });
    expect(direct.status).toBe(403);
    const guessed = await fetch(`http://127.0.0.1:${lease.port}/`, { headers: { "x-hemeroscopio-front-door": "a".repeat(43) } });
    expect(guessed.status).toBe(403);
    expect((await pidOf()).status).toBe(200);
  });

  it("OPS-2: a renderer killed outright is started again, and the other serves meanwhile", async () => {
    const { pidOf } = await frontDoor(2);
    const before = new Set([await pidOf(), await pidOf()].map((r) => r.pid));
    expect(before.size).toBe(2);
    const [victim, survivor] = [...before];
    process.kill(victim!, "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    const meanwhile = await Promise.all(Array.from({ length: 6 }, () => pidOf()));
    expect(meanwhile.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(meanwhile.map((r) => r.pid))).toEqual(new Set([survivor]));
    // Restarted after a 1 s back-off: two renderers again, the dead one not among them.
    let pids = new Set<number>();
    for (let i = 0; i < 50 && pids.size < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      pids = new Set((await Promise.all([pidOf("/?ms=50"), pidOf("/?ms=50")])).map((r) => r.pid));
    }
    expect(pids.size).toBe(2);
    expect(pids.has(victim!)).toBe(false);
    expect(pids.has(survivor!)).toBe(true);
  });

  it("OPS-2: stopping the pool stops every renderer", async () => {
    const { pool, pidOf } = await frontDoor(2);
    const pids = [...new Set((await Promise.all([pidOf("/?ms=50"), pidOf("/?ms=50")])).map((r) => r.pid))];
    expect(pids).toHaveLength(2);
    expect(pids.every(alive)).toBe(true);
    await pool.stop();
    expect(pids.some(alive)).toBe(false);
  });

  it("OPS-1: a renderer that exits before it listens fails the start with a clear reason", async () => {
    const pool = startRenderers(2, { ...process.env, STUB_RENDERER_FAIL: "1" }, quiet, STUB);
    cleanups.push(() => pool.stop());
    await expect(pool.ready).rejects.toThrow(/exited before it was ready/);
  });

  it("OPS-2: with no renderer up the reader gets the 502 notice, not a hung request", async () => {
    const pool = { acquire: () => undefined };
    const front = http.createServer(createCachingProxy({ upstream: pool, store: undefined }));
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => front.close(resolve)));
    const response = await fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}/`);
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("no responde");
  });
});
