import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SimOutlet } from "../../sim/index";
import { get, HOUR, startSim, type SimFixture } from "./helpers";

describe("conditional requests", () => {
  let f: SimFixture;
  let o: SimOutlet;
  beforeAll(async () => {
    f = await startSim({ outlets: 3 });
    o = f.sim.outlets[0]!;
  });
  afterEach(() => f.sim.setScenario(o.hosts.www, []));
  afterAll(() => f.sim.close());

  it("answers 304 with the same validators and no body to a matching If-None-Match", async () => {
    const first = await get(f.sim, o.feeds[0]!);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["last-modified"]).toBeTruthy();
    const again = await get(f.sim, o.feeds[0]!, { "if-none-match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["last-modified"]).toBe(first.headers["last-modified"]);
    expect((await get(f.sim, o.feeds[0]!, { "if-none-match": `W/${first.headers.etag!}` })).status).toBe(304);
  });

  it("answers 304 to If-Modified-Since at or after Last-Modified, and 200 before it", async () => {
    const first = await get(f.sim, o.feeds[0]!);
    const lm = first.headers["last-modified"]!;
    expect((await get(f.sim, o.feeds[0]!, { "if-modified-since": lm })).status).toBe(304);
    const earlier = new Date(Date.parse(lm) - 1000).toUTCString();
    expect((await get(f.sim, o.feeds[0]!, { "if-modified-since": earlier })).status).toBe(200);
  });

  it("lets If-None-Match win over If-Modified-Since (RFC 9110 §13.1.3)", async () => {
    const first = await get(f.sim, o.feeds[0]!);
    const r = await get(f.sim, o.feeds[0]!, { "if-none-match": '"stale"', "if-modified-since": first.headers["last-modified"]! });
    expect(r.status).toBe(200);
  });

  it("answers 200 with new validators once the content changed", async () => {
    const first = await get(f.sim, o.feeds[0]!);
    f.clock.advance(HOUR);
    const later = await get(f.sim, o.feeds[0]!, {
      "if-none-match": first.headers.etag!,
      "if-modified-since": first.headers["last-modified"]!,
    });
    expect(later.status).toBe(200);
    expect(later.headers.etag).not.toBe(first.headers.etag);
    expect(Date.parse(later.headers["last-modified"]!)).toBeGreaterThan(Date.parse(first.headers["last-modified"]!));
    const lm = later.headers["last-modified"]!;
    expect((await get(f.sim, o.feeds[0]!, { "if-modified-since": lm })).status).toBe(304);
  });

  it("sends validators on sitemaps, robots.txt and pages too", async () => {
    for (const url of [o.sitemaps[0]!, `http://${o.hosts.www}/robots.txt`, o.homepage]) {
      const r = await get(f.sim, url);
      expect(r.headers.etag).toBeTruthy();
      expect((await get(f.sim, url, { "if-none-match": r.headers.etag! })).status).toBe(304);
    }
  });

  it("can send only Last-Modified, or no validators at all", async () => {
    f.sim.setScenario(o.hosts.www, [{ kind: "validators", etag: false }]);
    const onlyLm = await get(f.sim, o.feeds[0]!);
    expect(onlyLm.headers.etag).toBeUndefined();
    expect((await get(f.sim, o.feeds[0]!, { "if-modified-since": onlyLm.headers["last-modified"]! })).status).toBe(304);
    f.sim.setScenario(o.hosts.www, [{ kind: "validators", etag: false, lastModified: false }]);
    const none = await get(f.sim, o.feeds[0]!, { "if-modified-since": onlyLm.headers["last-modified"]! });
    expect(none.status).toBe(200);
    expect(none.headers["last-modified"]).toBeUndefined();
  });
});
