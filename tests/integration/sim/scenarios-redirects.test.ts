import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { get, startSim, type SimFixture } from "./helpers";

describe("redirect scenarios", () => {
  let f: SimFixture;
  let www: string;
  let cdn: string;
  beforeAll(async () => {
    f = await startSim({ outlets: 4 });
    const o = f.sim.outlets[1]!;
    [www, cdn] = [o.hosts.www, o.hosts.sitemaps];
  });
  afterEach(() => {
    f.sim.setScenario(www, []);
    f.sim.setScenario(cdn, []);
  });
  afterAll(() => f.sim.close());

  it("runs a 301/302 chain of N hops before the normal response", async () => {
    f.sim.setScenario(www, [{ kind: "redirect-chain", hops: 3, path: "/aviso-legal" }]);
    const seen: number[] = [];
    let url = `http://${www}/aviso-legal`;
    for (let i = 0; i < 10; i++) {
      const r = await get(f.sim, url);
      seen.push(r.status);
      if (r.status !== 301 && r.status !== 302) break;
      url = r.headers.location!;
    }
    expect(seen).toEqual([301, 302, 301, 200]);
    expect(url).toBe(`http://${www}/aviso-legal?hop=3`);
  });

  it("loops redirects forever", async () => {
    f.sim.setScenario(www, [{ kind: "redirect-loop", path: "/bucle" }]);
    const a = await get(f.sim, `http://${www}/bucle`);
    const b = await get(f.sim, a.headers.location!);
    expect(a.headers.location).toBe(`http://${www}/bucle?loop=1`);
    expect(b.headers.location).toBe(`http://${www}/bucle`);
  });

  it("redirects into a path robots.txt disallows", async () => {
    f.sim.setScenario(www, [{ kind: "redirect", path: "/aviso-legal", to: "/buscar?q=aviso", status: 302 }]);
    const r = await get(f.sim, `http://${www}/aviso-legal`);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe(`http://${www}/buscar?q=aviso`);
    expect((await get(f.sim, `http://${www}/robots.txt`)).text).toContain("Disallow: /buscar");
  });

  it("redirects to another host of the same site, keeping the client's port", async () => {
    f.sim.setScenario(cdn, [{ kind: "redirect", path: "/sitemaps/index.xml", to: `http://${www}/sitemaps/news-moved.xml` }]);
    const plain = await get(f.sim, `http://${cdn}/sitemaps/index.xml`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`http://${www}/sitemaps/news-moved.xml`);
    const withPort = await get(f.sim, `http://${cdn}:${f.sim.port}/sitemaps/index.xml`);
    expect(withPort.headers.location).toBe(`http://${www}:${f.sim.port}/sitemaps/news-moved.xml`);
  });
});
