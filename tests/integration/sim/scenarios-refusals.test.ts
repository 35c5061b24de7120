import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cloudflareChallenge, forbidden, robotsStatus, tooManyRequests, unavailable } from "../../sim/index";
import { get, MINUTE, startSim, type SimFixture } from "./helpers";

describe("refusal scenarios", () => {
  let f: SimFixture;
  let www: string;
  beforeAll(async () => {
    f = await startSim({ outlets: 6, scenarios: { "www.gacetaensayo.test": [forbidden()] } });
    www = f.sim.outlets[0]!.hosts.www;
  });
  afterEach(() => f.sim.setScenario(www, []));
  afterAll(() => f.sim.close());

  it("applies scenarios given at start, per host", async () => {
    expect((await get(f.sim, "http://www.gacetaensayo.test/")).status).toBe(403);
    expect((await get(f.sim, "http://feeds.gacetaensayo.test/rss/portada.xml")).status).toBe(200);
  });

  it.each([404, 500])("answers robots.txt with %i while the rest of the host works", async (status) => {
    f.sim.setScenario(www, [robotsStatus(status)]);
    expect((await get(f.sim, `http://${www}/robots.txt`)).status).toBe(status);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(200);
  });

  it("answers 403 for the whole host", async () => {
    f.sim.setScenario(www, [forbidden()]);
    for (const path of ["/", "/robots.txt", "/rss/portada.xml"]) expect((await get(f.sim, `http://${www}${path}`)).status).toBe(403);
  });

  it("sends 429 with Retry-After in delay-seconds", async () => {
    f.sim.setScenario(www, [tooManyRequests(120)]);
    const r = await get(f.sim, `http://${www}/`);
    expect(r.status).toBe(429);
    expect(r.headers["retry-after"]).toBe("120");
  });

  it("sends 503 with Retry-After as an HTTP-date relative to the simulated clock and its Date header", async () => {
    f.sim.setScenario(www, [unavailable(600, "http-date")]);
    const r = await get(f.sim, `http://${www}/`);
    expect(r.status).toBe(503);
    expect(Date.parse(r.headers["retry-after"]!)).toBe(f.clock.now() + 600_000);
    expect(Date.parse(r.headers.date!)).toBe(f.clock.now());
  });

  it("serves a Cloudflare challenge with status 200 and cf-mitigated: challenge", async () => {
    f.sim.setScenario(www, [cloudflareChallenge()]);
    const r = await get(f.sim, `http://${www}/`);
    expect(r.status).toBe(200);
    expect(r.headers["cf-mitigated"]).toBe("challenge");
    expect(r.text).toContain("<title>Just a moment...</title>");
    expect(r.text).toContain("window._cf_chl_opt");
  });

  it("serves the challenge page without the cf-mitigated header when asked", async () => {
    f.sim.setScenario(www, [cloudflareChallenge(false)]);
    const r = await get(f.sim, `http://${www}/`);
    expect(r.status).toBe(200);
    expect(r.headers["cf-mitigated"]).toBeUndefined();
    expect(r.headers.server).toBe("cloudflare");
    expect(r.text).toContain("Just a moment...");
  });

  it("targets a path prefix only", async () => {
    f.sim.setScenario(www, [{ kind: "status", status: 500, path: "/rss/" }]);
    expect((await get(f.sim, `http://${www}/rss/portada.xml`)).status).toBe(500);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(200);
  });

  it("switches a scenario off after `times` requests or once the simulated clock passes `until`", async () => {
    f.sim.setScenario(www, [{ ...tooManyRequests(60), times: 2 }]);
    const first = [await get(f.sim, `http://${www}/`), await get(f.sim, `http://${www}/`), await get(f.sim, `http://${www}/`)];
    expect(first.map((r) => r.status)).toEqual([429, 429, 200]);
    f.sim.setScenario(www, [{ ...unavailable(300), until: f.clock.now() + 5 * MINUTE }]);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(503);
    f.clock.advance(5 * MINUTE);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(200);
  });

  it("switches a scenario on once the simulated clock reaches `from`", async () => {
    f.sim.setScenario(www, [{ ...forbidden(), from: f.clock.now() + 10 * MINUTE }]);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(200);
    f.clock.advance(10 * MINUTE);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(403);
  });

  it("targets one exact path: `/` alone is the front page", async () => {
    f.sim.setScenario(www, [{ ...forbidden(), path: "/", exact: true }]);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(403);
    expect((await get(f.sim, `http://${www}/robots.txt`)).status).toBe(200);
  });

  it("restores normal behaviour when the scenarios of a host are cleared at runtime", async () => {
    f.sim.setScenario(www, [forbidden()]);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(403);
    f.sim.setScenario(www, []);
    expect((await get(f.sim, `http://${www}/`)).status).toBe(200);
  });
});
