/** The home page's spare copy: past its stale period it is rendered again, and served only when that render cannot be had. */
import { describe, expect, it } from "vitest";
import { HOME_RESERVE_MS, pageLifetime } from "../../../lib/front-door/page-cache/cacheable";
import { Busy } from "../../../lib/front-door/page-cache/miss-gate";
import { createPageStore, type Rendered } from "../../../lib/front-door/page-cache/store";

const page = (body: string, status = 200): Rendered => ({
  keep: status === 200,
  page: { status, headers: {}, body: Buffer.from(body), storedAt: 0 },
});

describe("spare copy of the home page (WEB-4, OPS-2)", () => {
  it("WEB-4: the home page keeps a spare, other pages do not", () => {
    const base = { ttlMs: 30_000, staleMs: 60_000 };
    expect(pageLifetime("gzip /", base).reserveMs).toBe(HOME_RESERVE_MS);
    expect(pageLifetime("gzip /estado", base).reserveMs ?? 0).toBe(0);
  });

  it("OPS-2: past the stale period the spare is not served while a render can be had, and is when the renderers are busy or the data cannot be read", async () => {
    let now = 1_000;
    const store = createPageStore({
      ttlMs: 30_000,
      staleMs: 60_000,
      maxBytes: 4096,
      now: () => now,
      lifetime: (key) => pageLifetime(key, { ttlMs: 30_000, staleMs: 60_000 }),
    });
    await store.get("identity /", async () => page("v1"));
    now += 91_000;
    expect(store.peek("identity /")).toMatchObject({ stale: true, spare: true });
    const refused = await store.get("identity /", () => Promise.reject(new Busy("queue full")));
    expect([refused.hit, refused.stale, refused.page.body.toString()]).toEqual([true, true, "v1"]);
    const unreadable = await store.get("identity /", async () => page("sin datos", 503));
    expect(unreadable.page.body.toString()).toBe("v1");
    const rendered = await store.get("identity /", async () => page("v2"));
    expect([rendered.hit, rendered.page.body.toString()]).toEqual([false, "v2"]);
    // Past the spare period too, nothing is left to serve.
    now += 91_000 + HOME_RESERVE_MS;
    expect(store.peek("identity /")).toBeUndefined();
  });
});
