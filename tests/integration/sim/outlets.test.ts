import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostsOf, simOutlets, toOutletsFile, writeSimOutletsFile } from "../../sim/index";
import { get, startSim, type SimFixture } from "./helpers";

describe("simulated outlets", () => {
  let f: SimFixture;
  beforeAll(async () => {
    f = await startSim();
  });
  afterAll(() => f.sim.close());

  it("serves at least 30 outlets with Spanish-looking names on distinct .test domains", () => {
    const { outlets } = f.sim;
    expect(outlets.length).toBeGreaterThanOrEqual(30);
    expect(new Set(outlets.map((o) => o.domain)).size).toBe(outlets.length);
    for (const o of outlets) {
      expect(o.domain).toBe(`${o.slug}.test`);
      expect(o.name).toMatch(/^(El|La|Las|Diario|Noticias|Crónica|Hoja|Levante|Periódico|Gaceta|Última)\b/);
    }
  });

  it("spreads some outlets over www, feeds and cdn hosts, each answering its own robots.txt", async () => {
    const multi = f.sim.outlets.filter((o) => o.multiHost);
    expect(multi.length).toBeGreaterThanOrEqual(5);
    const o = multi[0]!;
    expect(o.hosts).toMatchObject({ www: `www.${o.domain}`, feeds: `feeds.${o.domain}`, sitemaps: `cdn.${o.domain}` });
    const bodies = await Promise.all([o.hosts.www, o.hosts.feeds, o.hosts.sitemaps].map((h) => get(f.sim, `http://${h}/robots.txt`)));
    for (const r of bodies) expect(r.status).toBe(200);
    expect(bodies[0]!.text).toContain("Disallow: /buscar");
    expect(bodies[1]!.text).not.toContain("Disallow: /buscar");
    await f.sim.idle();
    const sites = f.sim
      .accessLog()
      .filter((e) => e.path === "/robots.txt")
      .map((e) => e.site);
    expect(new Set(sites)).toEqual(new Set([o.domain]));
  });

  it("serves 200 for every home page, feed, sitemap and legal notice in the outlets file", async () => {
    const urls = toOutletsFile(f.sim.outlets).flatMap((o) => [o.homepage, ...o.feeds, ...o.sitemaps, o.legalNotice]);
    const statuses = await Promise.all(urls.map(async (u) => [u, (await get(f.sim, u)).status] as const));
    expect(statuses.filter(([, s]) => s !== 200)).toEqual([]);
  });

  it("exports outlets in the outlets-file shape of docs/architecture.md", () => {
    const [row] = toOutletsFile(simOutlets());
    expect(Object.keys(row!).sort()).toEqual([
      "active",
      "country",
      "feeds",
      "groups",
      "homepage",
      "language",
      "legalNotice",
      "name",
      "renderMode",
      "sitemaps",
      "slug",
      "timezone",
    ]);
    expect(row).toMatchObject({
      slug: "diarioprueba",
      name: "El Diario de Prueba",
      country: "ES",
      language: "es",
      homepage: "http://www.diarioprueba.test/",
      renderMode: "static",
      active: true,
    });
  });

  it("writes the outlets file with portless URLs, or with the port when asked", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sim-outlets-"));
    try {
      await writeSimOutletsFile(path.join(dir, "a.json"));
      await writeSimOutletsFile(path.join(dir, "b", "b.json"), f.sim.port);
      const a = JSON.parse(await readFile(path.join(dir, "a.json"), "utf8")) as { homepage: string; feeds: string[] }[];
      const b = JSON.parse(await readFile(path.join(dir, "b", "b.json"), "utf8")) as { homepage: string; feeds: string[] }[];
      expect(a).toHaveLength(30);
      expect(a[0]!.homepage).toBe("http://www.diarioprueba.test/");
      expect(b[0]!.homepage).toBe(`http://www.diarioprueba.test:${f.sim.port}/`);
      expect(b[1]!.feeds[0]).toBe(`http://feeds.gacetaensayo.test:${f.sim.port}/rss/portada.xml`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps the port of the Host header in generated links, so port-carrying URLs work without a resolve rule", async () => {
    const o = f.sim.outlets[1]!;
    const r = await get(f.sim, `http://${o.hosts.www}:${f.sim.port}/`);
    expect(r.text).toContain(`href="http://feeds.${o.domain}:${f.sim.port}/rss/portada.xml"`);
    expect(r.text).toContain(`http://www.${o.domain}:${f.sim.port}/`);
  });

  it("redirects the bare domain to www and answers 404 for hosts it does not know", async () => {
    const o = f.sim.outlets[0]!;
    expect(hostsOf(o)).toContain(o.domain);
    const bare = await get(f.sim, `http://${o.domain}/aviso-legal?x=1`);
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe(`http://www.${o.domain}/aviso-legal?x=1`);
    expect((await get(f.sim, "http://www.desconocido.test/")).status).toBe(404);
  });

  it("sets the Date header from the simulated clock, not the wall clock", async () => {
    const r = await get(f.sim, f.sim.outlets[0]!.homepage);
    expect(r.headers.date).toBe(new Date(f.clock.now()).toUTCString());
  });
});

describe("generated outlets beyond the catalogue", () => {
  const COUNT = 1000;
  let f: SimFixture;
  beforeAll(async () => {
    f = await startSim({ outlets: COUNT });
  });
  afterAll(() => f.sim.close());

  it('serves 1,000 outlets on unique sites: the 36 named ones, then sitio0037.test, "Diario Sintético 37"…', () => {
    const { outlets } = f.sim;
    expect(outlets).toHaveLength(COUNT);
    expect(new Set(outlets.map((o) => o.slug)).size).toBe(COUNT);
    expect(new Set(outlets.map((o) => o.domain)).size).toBe(COUNT);
    const hosts = outlets.flatMap((o) => hostsOf(o));
    expect(new Set(hosts).size).toBe(hosts.length);
    expect(outlets.slice(0, 36)).toEqual(simOutlets(36));
    expect(outlets[35]!.slug).toBe("noticieroensayo");
    expect(outlets[36]).toMatchObject({
      slug: "sitio0037",
      name: "Diario Sintético 37",
      domain: "sitio0037.test",
      homepage: "http://www.sitio0037.test/",
    });
    expect(outlets[999]).toMatchObject({ slug: "sitio1000", name: "Diario Sintético 1000", domain: "sitio1000.test" });
  });

  it("gives generated outlets the same traits by position, deterministically", () => {
    expect(simOutlets(COUNT)).toEqual(f.sim.outlets);
    const [a, b] = [f.sim.outlets[37]!, f.sim.outlets[38]!]; // 37 % 3 = 1: multi-host; 38 % 3 = 2: single host
    expect(a.multiHost).toBe(true);
    expect(a.hosts).toEqual({
      www: "www.sitio0038.test",
      feeds: "feeds.sitio0038.test",
      sitemaps: "cdn.sitio0038.test",
      bare: "sitio0038.test",
    });
    expect(b.multiHost).toBe(false);
    expect(f.sim.outlets[42]!.feedFormat).toBe("atom"); // 42 % 5 = 2
    for (const trait of ["multiHost", "feedFormat", "tdm", "cdata", "blocksAiBots"] as const) {
      expect(new Set(f.sim.outlets.slice(36).map((o) => String(o[trait]))).size, trait).toBeGreaterThan(1);
    }
  });

  it("answers 200 for the home page, feeds, sitemap, legal notice and robots.txt of generated outlets", async () => {
    const rows = toOutletsFile(f.sim.outlets).filter((_, i) => i === 36 || i === 37 || i === 500 || i === 999);
    const urls = rows.flatMap((o) => [o.homepage, ...o.feeds, ...o.sitemaps, o.legalNotice, new URL("/robots.txt", o.feeds[0]!).href]);
    const statuses = await Promise.all(urls.map(async (u) => [u, (await get(f.sim, u)).status] as const));
    expect(statuses.filter(([, s]) => s !== 200)).toEqual([]);
    const feed = await get(f.sim, rows[3]!.feeds[0]!);
    expect(feed.text).toContain("Diario Sintético 1000");
    expect(feed.text).toContain("http://www.sitio1000.test/");
  });

  it("serves 10,000 distinct sites (the pacing bench's scale mode) and refuses counts it cannot serve", () => {
    const many = simOutlets(10_000);
    expect(many.at(-1)!.hosts.www).toBe("www.sitio10000.test");
    expect(new Set(many.map((o) => o.hosts.www)).size).toBe(10_000);
    expect(() => simOutlets(0)).toThrow(RangeError);
    expect(() => simOutlets(20_001)).toThrow(/1\.\.20000/);
  });
});
