import { describe, expect, it } from "vitest";
import { pageLifetime } from "../../../lib/front-door/page-cache/cacheable";
import { createPageStore, type Rendered } from "../../../lib/front-door/page-cache/store";

const page = (body: string, keep = true): Rendered => ({ keep, page: { status: 200, headers: {}, body: Buffer.from(body), storedAt: 0 } });

describe("page store (WEB-4)", () => {
  it("WEB-4: serves a kept page until its time is up, then renders again", async () => {
    let now = 1_000;
    let renders = 0;
    const store = createPageStore({ ttlMs: 30_000, maxBytes: 1024, now: () => now });
    const render = async () => page(`v${++renders}`);
    expect((await store.get("k", render)).hit).toBe(false);
    now += 29_000;
    const again = await store.get("k", render);
    expect(again.hit).toBe(true);
    expect(again.page.body.toString()).toBe("v1");
    now += 2_000;
    const later = await store.get("k", render);
    expect(later.hit).toBe(false);
    expect(later.page.body.toString()).toBe("v2");
  });

  it("WEB-4: past its time a page is served stale while one render replaces it, until the stale period ends", async () => {
    let now = 1_000;
    let renders = 0;
    let finish!: () => void;
    const store = createPageStore({ ttlMs: 30_000, staleMs: 60_000, maxBytes: 1024, now: () => now });
    await store.get("k", async () => page(`v${++renders}`));
    now += 31_000;
    const slow = () =>
      new Promise<Rendered>((resolve) => {
        renders++;
        finish = () => resolve(page(`v${renders}`));
      });
    const readers = [await store.get("k", slow), await store.get("k", slow)];
    expect(readers.map((r) => [r.hit, r.stale, r.page.body.toString()])).toEqual([
      [true, true, "v1"],
      [true, true, "v1"],
    ]);
    expect(renders).toBe(2); // one refresh for both readers
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(await store.get("k", slow)).toMatchObject({ hit: true, page: { body: Buffer.from("v2") } });
    expect(store.peek("k")?.stale).toBe(false);
    // Unread for longer than time + stale period: rendered again while the reader waits.
    now += 91_000;
    const waited = store.get("k", slow);
    finish();
    expect(await waited).toMatchObject({ hit: false, page: { body: Buffer.from("v3") } });
  });

  it("WEB-4, PUB-3: a refresh that finds the page gone drops it at once; one that cannot read the database keeps the old page", async () => {
    let now = 1_000;
    const store = createPageStore({ ttlMs: 30_000, staleMs: 60_000, maxBytes: 1024, now: () => now });
    const status = (s: number, body: string): Rendered => ({
      keep: false,
      page: { status: s, headers: {}, body: Buffer.from(body), storedAt: now },
    });
    await store.get("a", async () => page("a1"));
    await store.get("b", async () => page("b1"));
    now += 31_000;
    await store.get("a", async () => status(503, "unavailable"));
    await store.get("b", async () => status(404, "gone"));
    await store
      .get("c", async () => {
        throw new Error("renderer down");
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.peek("a")?.page.body.toString()).toBe("a1");
    expect(store.peek("b")).toBeUndefined();
    expect((await store.get("b", async () => status(404, "gone"))).page.status).toBe(404);
  });

  it("WEB-4: readers arriving during a render share it (one render per page)", async () => {
    let renders = 0;
    let finish!: () => void;
    const store = createPageStore({ ttlMs: 30_000, maxBytes: 1024 });
    const render = () =>
      new Promise<Rendered>((resolve) => {
        renders++;
        finish = () => resolve(page("shared", false));
      });
    const readers = [store.get("k", render), store.get("k", render), store.get("k", render)];
    finish();
    const pages = await Promise.all(readers);
    expect(renders).toBe(1);
    expect(pages.map((p) => p.page.body.toString())).toEqual(["shared", "shared", "shared"]);
    // Not kept: the next reader renders again.
    const next = store.get("k", render);
    finish();
    await next;
    expect(renders).toBe(2);
    expect(store.size()).toBe(0);
  });

  it("WEB-4: stays within its byte bound, dropping the least recently used", async () => {
    const store = createPageStore({ ttlMs: 30_000, maxBytes: 10 });
    await store.get("a", async () => page("12345"));
    await store.get("b", async () => page("12345"));
    await store.get("c", async () => page("12345"));
    expect(store.size()).toBe(2);
    expect((await store.get("a", async () => page("new"))).hit).toBe(false);
    await store.get("big", async () => page("x".repeat(11)));
    expect((await store.get("big", async () => page("y"))).hit).toBe(false);
  });

  it("WEB-4: a failed render reaches every waiting reader and is not kept", async () => {
    const store = createPageStore({ ttlMs: 30_000, maxBytes: 1024 });
    const failing = () => Promise.reject(new Error("renderer down"));
    await expect(Promise.all([store.get("k", failing), store.get("k", failing)])).rejects.toThrow("renderer down");
    expect((await store.get("k", async () => page("ok"))).page.body.toString()).toBe("ok");
  });

  it("WEB-4, PUB-2: outlet, article and story pages are kept ten times longer (5 min at most), stale one more minute at most, within 15 minutes in all", async () => {
    let now = 1_000;
    let renders = 0;
    const base = { ttlMs: 30_000, staleMs: 60_000 };
    const store = createPageStore({ ...base, maxBytes: 4096, lifetime: (key) => pageLifetime(key, base), now: () => now });
    const render = async () => page(`v${++renders}`);
    const records = ["gzip /cabeceras/el-faro", "gzip /noticias/7", "identity /historias/12"];
    for (const key of [...records, "gzip /", "gzip /buscar?q=agua", "gzip /historias", "gzip /api/v1/articles/7"])
      await store.get(key, render);
    now += 31_000;
    for (const key of records) expect(store.peek(key)?.stale).toBe(false);
    // Pages about now, lists and the API keep the base period.
    for (const key of ["gzip /", "gzip /buscar?q=agua", "gzip /historias", "gzip /api/v1/articles/7"])
      expect(store.peek(key)?.stale).toBe(true);
    now += 270_000; // 301 s: the record pages are stale now, and served while they render again
    for (const key of records) expect(store.peek(key)?.stale).toBe(true);
    now += 60_000; // past 5 min + 1 min: gone
    for (const key of records) expect(store.peek(key)).toBeUndefined();
    // With a base up to 5 min (the default is 30 s) such a page is never older than PUB-2's 15 minutes.
    for (const key of records) {
      for (const ttlMs of [1_000, 30_000, 120_000, 300_000]) {
        const l = pageLifetime(key, { ttlMs, staleMs: 2 * ttlMs });
        expect(l.ttlMs + l.staleMs).toBeLessThanOrEqual(15 * 60_000);
        expect(l.ttlMs).toBeGreaterThanOrEqual(ttlMs);
      }
    }
    const longest = pageLifetime("identity /cabeceras/x?a=1", base);
    expect(longest.ttlMs + longest.staleMs).toBeLessThanOrEqual(15 * 60_000);
    expect(pageLifetime("identity /cabeceras", base)).toEqual(base);
  });
});
