import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessLogEntry } from "../../sim/index";
import { get, startSim, type SimFixture } from "./helpers";

describe("access log", () => {
  let f: SimFixture;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "sim-log-"));
    file = path.join(dir, "access.jsonl");
    f = await startSim({ outlets: 3, accessLogPath: file });
  });
  afterAll(async () => {
    await f.sim.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("records every request with all its headers in lower case, status, bytes and the simulated time", async () => {
    const o = f.sim.outlets[1]!;
    const r = await get(f.sim, `${o.feeds[0]!}?utm_source=x`, {
      "User-Agent": "HemeroscopioBot/1.0 (+https://hemeroscopio.org/bot)",
      From: "bot@hemeroscopio.org",
      "X-Custom": "a",
    });
    await f.sim.idle();
    const entry = f.sim.accessLog().at(-1)!;
    expect(entry).toMatchObject({
      host: o.hosts.feeds,
      site: o.domain,
      method: "GET",
      path: "/rss/portada.xml?utm_source=x",
      status: 200,
      bytes: r.body.length,
      simTime: f.clock.now(),
    });
    expect(entry.requestHeaders).toMatchObject({
      "user-agent": "HemeroscopioBot/1.0 (+https://hemeroscopio.org/bot)",
      from: "bot@hemeroscopio.org",
      "x-custom": "a",
      host: o.hosts.feeds,
    });
    expect(entry.aborted).toBeUndefined();
  });

  it("times requests on the real wall clock, so sequential requests to one site never overlap", async () => {
    f.sim.clearAccessLog();
    const o = f.sim.outlets[0]!;
    for (const url of [`http://${o.hosts.www}/robots.txt`, o.homepage, o.feeds[0]!, o.sitemaps[0]!]) await get(f.sim, url);
    await f.sim.idle();
    const entries = f.sim.accessLog();
    expect(entries).toHaveLength(4);
    const wallNow = Date.now();
    for (const e of entries) {
      expect(e.end!).toBeGreaterThanOrEqual(e.start);
      expect(Math.abs(e.start - wallNow)).toBeLessThan(60_000);
    }
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.start).toBeGreaterThanOrEqual(entries[i - 1]!.end!);
  });

  it("shows overlap when a client does send two requests to one site at once", async () => {
    f.sim.clearAccessLog();
    const o = f.sim.outlets[0]!;
    f.sim.setScenario(o.hosts.www, [{ kind: "slow-headers", ms: 100 }]);
    await Promise.all([get(f.sim, o.homepage), get(f.sim, o.legalNotice)]);
    f.sim.setScenario(o.hosts.www, []);
    await f.sim.idle();
    const [a, b] = f.sim.accessLog();
    expect(b!.start).toBeLessThan(a!.end!);
  });

  it("appends finished requests to the JSONL file", async () => {
    await f.sim.idle();
    const count = f.sim.accessLog().length;
    await get(f.sim, f.sim.outlets[2]!.homepage);
    await f.sim.idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = (await readFile(file, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as AccessLogEntry);
    expect(lines.length).toBeGreaterThanOrEqual(count + 1);
    expect(lines.at(-1)).toMatchObject({ host: f.sim.outlets[2]!.hosts.www, path: "/", status: 200 });
    expect(typeof lines.at(-1)!.end).toBe("number");
  });
});
