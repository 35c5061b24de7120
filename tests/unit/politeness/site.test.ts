import { describe, expect, it } from "vitest";
import { hostOf, sameSite, siteOf } from "@/lib/registrable-domain";

describe("siteOf (SPEC POL-1)", () => {
  it.each([
    ["elpais.com", "elpais.com"],
    ["feeds.elpais.com", "elpais.com"],
    ["cdn.elpais.com", "elpais.com"],
    ["https://feeds.elpais.com/mrss-s/pages/ep/site/elpais.com/portada", "elpais.com"],
    ["https://ELPAIS.com./", "elpais.com"],
    ["www.elmundo.es", "elmundo.es"],
    ["https://e00-elmundo.uecdn.es/x.jpg", "uecdn.es"],
    ["www.lavanguardia.com:443", "lavanguardia.com"],
    ["news.bbc.co.uk", "bbc.co.uk"],
    ["a.github.io", "github.io"],
    ["https://www.diario.com.es/portada", "diario.com.es"],
    ["feeds.x.test", "x.test"],
    ["http://feeds.x.test:8081/rss.xml", "x.test"],
    ["a.b.c.x.test", "x.test"],
    ["x.test", "x.test"],
    ["localhost", "localhost"],
    ["http://localhost:3000/bot", "localhost"],
    ["127.0.0.1", "127.0.0.1"],
    ["http://127.0.0.1:8081/robots.txt", "127.0.0.1"],
    ["[::1]", "::1"],
    ["http://[::1]:8080/", "::1"],
    ["::1", "::1"],
    ["https://español.es/", "xn--espaol-zwa.es"],
    ["co.uk", "co.uk"],
  ])("POL-1: %s → %s", (input, site) => {
    expect(siteOf(input)).toBe(site);
  });

  it.each(["", "   ", "http://", "https://exa mple.com/"])("POL-1: %j is refused with a clear error", (input) => {
    expect(() => siteOf(input)).toThrow(TypeError);
  });

  it.each([
    ["https://feeds.elpais.com/a", "https://elpais.com/b", true],
    ["https://cdn.elpais.com/a", "feeds.elpais.com", true],
    ["https://a.test/", "https://b.test/", false],
    ["https://bbc.co.uk/", "https://itv.co.uk/", false],
  ])("POL-1: %s and %s share a budget: %s", (a, b, same) => {
    expect(sameSite(a, b)).toBe(same);
  });
});

describe("hostOf", () => {
  it.each([
    ["https://Feeds.ElPais.com:443/rss", "feeds.elpais.com"],
    ["feeds.x.test:8081", "feeds.x.test"],
    ["http://[::1]:8080/", "::1"],
    ["www.elmundo.es.", "www.elmundo.es"],
  ])("ROB-1: %s is host %s", (input, host) => {
    expect(hostOf(input)).toBe(host);
  });
});
