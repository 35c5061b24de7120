import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { crawlDelay, disallowOtherBots, disallowUs, robotsTimeout } from "../../sim/index";
import { get, startSim, type SimFixture } from "./helpers";

/** Requests robots.txt and reports whether headers arrived before `ms`, or how the socket ended. */
function probeHeaders(port: number, host: string, ms: number): Promise<"headers" | "timeout" | "closed"> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/robots.txt", headers: { host }, agent: false }, (res) => {
      res.resume();
      resolve("headers");
    });
    const timer = setTimeout(() => {
      resolve("timeout");
      req.destroy();
    }, ms);
    req.on("error", () => {
      clearTimeout(timer);
      resolve("closed");
    });
  });
}

describe("robots.txt scenarios", () => {
  let f: SimFixture;
  let www: string;
  beforeAll(async () => {
    f = await startSim({ outlets: 4 });
    www = f.sim.outlets[1]!.hosts.www;
  });
  afterEach(() => f.sim.setScenario(www, []));
  afterAll(() => f.sim.close());

  it("adds Crawl-delay to the * group", async () => {
    f.sim.setScenario(www, [crawlDelay(7)]);
    expect((await get(f.sim, `http://${www}/robots.txt`)).text).toMatch(/User-agent: \*\nCrawl-delay: 7\n/);
  });

  it("adds a Crawl-delay group for HemeroscopioBot that keeps the * rules", async () => {
    f.sim.setScenario(www, [{ kind: "crawl-delay", seconds: 12, agent: "HemeroscopioBot" }]);
    const text = (await get(f.sim, `http://${www}/robots.txt`)).text;
    expect(text).toMatch(/User-agent: HemeroscopioBot\nCrawl-delay: 12\nDisallow: \/buscar\n/);
  });

  it("disallows paths to HemeroscopioBot by name", async () => {
    f.sim.setScenario(www, [disallowUs("/politica/", "/rss/")]);
    expect((await get(f.sim, `http://${www}/robots.txt`)).text).toContain(
      "User-agent: HemeroscopioBot\nDisallow: /politica/\nDisallow: /rss/\n",
    );
  });

  it("disallows everything to GPTBot and other AI crawlers only", async () => {
    f.sim.setScenario(www, [disallowOtherBots()]);
    const text = (await get(f.sim, `http://${www}/robots.txt`)).text;
    expect(text).toContain("User-agent: GPTBot\nUser-agent: CCBot\nUser-agent: ClaudeBot\nDisallow: /\n");
    expect(text).toMatch(/User-agent: \*\nDisallow: \/buscar/);
  });

  it("serves an exact robots.txt body", async () => {
    const body = "\uFEFFuser-agent: *\ndisallow: /\nContent-Signal: ai-train=no\n";
    f.sim.setScenario(www, [{ kind: "robots-body", body }]);
    expect((await get(f.sim, `http://${www}/robots.txt`)).text).toBe(body);
  });

  it("never answers robots.txt headers while the timeout scenario holds, then drops the connection", async () => {
    f.sim.setScenario(www, [robotsTimeout(0.3)]);
    expect(await probeHeaders(f.sim.port, www, 150)).toBe("timeout");
    const started = Date.now();
    expect(await probeHeaders(f.sim.port, www, 2000)).toBe("closed");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await f.sim.idle();
    const last = f.sim.accessLog().at(-1)!;
    expect(last).toMatchObject({ path: "/robots.txt", status: 0 });
    expect(last.aborted).toBeUndefined();
  });

  it("changes Last-Modified of robots.txt when scenarios change", async () => {
    const before = await get(f.sim, `http://${www}/robots.txt`);
    f.clock.advance(60_000);
    f.sim.setScenario(www, [crawlDelay(5)]);
    const after = await get(f.sim, `http://${www}/robots.txt`);
    expect(Date.parse(after.headers["last-modified"]!)).toBeGreaterThan(Date.parse(before.headers["last-modified"]!));
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
