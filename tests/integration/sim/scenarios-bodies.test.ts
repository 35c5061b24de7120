import { XMLValidator } from "fast-xml-parser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SimOutlet } from "../../sim/index";
import { get, startSim, type SimFixture } from "./helpers";

describe("body scenarios", () => {
  let f: SimFixture;
  let o: SimOutlet;
  beforeAll(async () => {
    f = await startSim({ outlets: 3 });
    o = f.sim.outlets[0]!;
  });
  afterEach(() => f.sim.setScenario(o.hosts.www, []));
  afterAll(() => f.sim.close());

  it.each(["truncated", "unclosed"] as const)("serves a %s XML feed that no strict parser accepts", async (damage) => {
    expect(XMLValidator.validate((await get(f.sim, o.feeds[0]!)).text)).toBe(true);
    f.sim.setScenario(o.hosts.www, [{ kind: "broken-xml", damage, path: "/rss/" }]);
    const r = await get(f.sim, o.feeds[0]!);
    expect(r.status).toBe(200);
    expect(XMLValidator.validate(r.text)).not.toBe(true);
    expect(r.text).toContain("<item>");
  });

  it("serves feed dates no parser can read", async () => {
    f.sim.setScenario(o.hosts.www, [{ kind: "broken-xml", damage: "bad-dates", path: "/rss/" }]);
    const r = await get(f.sim, o.feeds[0]!);
    expect(r.text).toContain("<pubDate>ayer por la tarde</pubDate>");
    expect(r.text).not.toMatch(/<pubDate>[A-Z][a-z]{2}, /);
  });

  it("serves a windows-1252 feed that declares UTF-8, with á, ñ, ¿ and € as single bytes", async () => {
    f.sim.setScenario(o.hosts.www, [{ kind: "windows-1252", path: "/rss/" }]);
    const r = await get(f.sim, o.feeds[0]!);
    expect(r.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(r.body.subarray(0, 40).toString("latin1")).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<');
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(r.body)).toThrow();
    // Node 20's TextDecoder("windows-1252") decodes as Latin-1 (0x80 → U+0080), so check € by its byte.
    const text = r.body.toString("latin1");
    for (const ch of ["á", "ñ", "¿"]) expect(text).toContain(ch);
    expect(r.body.includes(0x80)).toBe(true);
    expect(r.body.includes(Buffer.from("€"))).toBe(false);
  });

  it("serves a windows-1252 feed with no declaration at all", async () => {
    f.sim.setScenario(o.hosts.www, [{ kind: "windows-1252", declare: "none", path: "/rss/" }]);
    const r = await get(f.sim, o.feeds[0]!);
    expect(r.headers["content-type"]).toBe("application/rss+xml");
    expect(r.body.subarray(0, 5).toString("latin1")).toBe("<rss ");
    expect(r.body.toString("latin1")).toContain("España");
  });

  it("puts a login wall over an article, with the body still hidden in the HTML", async () => {
    const [a] = f.sim.truth.articlesAt(f.clock.now(), { outlet: o.slug });
    f.sim.setScenario(o.hosts.www, [{ kind: "login-wall" }]);
    const walled = await get(f.sim, a!.url);
    expect(walled.status).toBe(200);
    expect(walled.text).toContain('class="muro-registro login-wall"');
    expect(walled.text).toContain("inicia sesión para seguir leyendo");
    expect(walled.text).toContain('<div class="cuerpo contenido-bloqueado" hidden>');
    expect(walled.text).toContain(f.sim.truth.textOf(a!.id)!.sentences[2]!.slice(-30));
    f.sim.setScenario(o.hosts.www, [{ kind: "login-wall", withBody: false }]);
    const bare = await get(f.sim, a!.url);
    expect(bare.text).not.toContain(f.sim.truth.textOf(a!.id)!.token.concat("-2"));
  });

  it("adds a TDM reservation by header, meta or tdmrep.json on demand", async () => {
    const [a] = f.sim.truth.articlesAt(f.clock.now(), { outlet: o.slug });
    f.sim.setScenario(o.hosts.www, [
      { kind: "tdm", via: "header" },
      { kind: "tdm", via: "meta" },
      { kind: "tdm", via: "file" },
    ]);
    const page = await get(f.sim, a!.url);
    expect(page.headers["tdm-reservation"]).toBe("1");
    expect(page.text).toContain('<meta name="tdm-reservation" content="1">');
    const file = await get(f.sim, `http://${o.hosts.www}/.well-known/tdmrep.json`);
    expect(JSON.parse(file.text)).toEqual([{ location: "/", "tdm-reservation": 1 }]);
  });
});
