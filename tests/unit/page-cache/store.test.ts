import { describe, expect, it } from "vitest";
import { createPageStore, type Rendered } from "../../../lib/page-cache/store";

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

  it("WEB-4: readers arriving during a render share it (one render per page)", async () => {
    let renders = 0;
    let finish!: () => void;
    const store = createPageStore({ ttlMs: 30_000, maxBytes: 1024 });
    const render = () => new Promise<Rendered>((resolve) => { renders++; finish = () => resolve(page("shared", false)); });
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
});
