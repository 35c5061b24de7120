import { describe, expect, it } from "vitest";
import { canonicalUrl, isTrackingParam, preferCanonical, sameSiteUrl, tryCanonicalUrl } from "@/lib/urls";

const BASE = "https://www.elpais.com/espana/2025-03-10/portada.html";

describe("canonicalUrl (SPEC EXT-5)", () => {
  it.each<[string, string, string | undefined, string]>([
    ["absolute URL unchanged", "https://elpais.com/espana/2025-03-10/a.html", undefined, "https://elpais.com/espana/2025-03-10/a.html"],
    ["scheme and host lower-cased", "HTTPS://ElPais.COM/Espana/A.html", undefined, "https://elpais.com/Espana/A.html"],
    ["path case kept", "https://elpais.com/ESPANA/x", undefined, "https://elpais.com/ESPANA/x"],
    ["default https port dropped", "https://elpais.com:443/a", undefined, "https://elpais.com/a"],
    ["default http port dropped", "http://elpais.com:80/a", undefined, "http://elpais.com/a"],
    ["other ports kept", "http://www.diario.test:8081/a", undefined, "http://www.diario.test:8081/a"],
    ["fragment dropped", "https://elpais.com/a.html#comentarios", undefined, "https://elpais.com/a.html"],
    ["empty fragment dropped", "https://elpais.com/a.html#", undefined, "https://elpais.com/a.html"],
    ["root gets its slash", "https://elpais.com", undefined, "https://elpais.com/"],
    ["trailing slash kept on other paths", "https://elpais.com/espana/", undefined, "https://elpais.com/espana/"],
    ["no trailing slash added", "https://elpais.com/espana", undefined, "https://elpais.com/espana"],
    ["index.html kept", "https://elpais.com/espana/index.html", undefined, "https://elpais.com/espana/index.html"],
    ["relative path resolved", "../../internacional/b.html", BASE, "https://www.elpais.com/internacional/b.html"],
    ["root-relative resolved", "/economia/2025-03-10/c.html", BASE, "https://www.elpais.com/economia/2025-03-10/c.html"],
    ["protocol-relative resolved", "//cincodias.elpais.com/x.html", BASE, "https://cincodias.elpais.com/x.html"],
    ["dot segments removed", "https://elpais.com/a/./b/../c.html", undefined, "https://elpais.com/a/c.html"],
    [
      "utm_* dropped",
      "https://elpais.com/a.html?utm_source=twitter&utm_medium=social&utm_campaign=x",
      undefined,
      "https://elpais.com/a.html",
    ],
    ["UTM_ in upper case dropped", "https://elpais.com/a.html?UTM_Source=x&id=4", undefined, "https://elpais.com/a.html?id=4"],
    [
      "click ids dropped",
      "https://elpais.com/a.html?fbclid=IwAR0&gclid=x&dclid=y&msclkid=z&igshid=q",
      undefined,
      "https://elpais.com/a.html",
    ],
    ["mailchimp and GA ids dropped", "https://elpais.com/a.html?mc_cid=1&mc_eid=2&_ga=3&_gl=4", undefined, "https://elpais.com/a.html"],
    ["PRISA share marker dropped", "https://elpais.com/a.html?ssm=TW_CC", undefined, "https://elpais.com/a.html"],
    ["ref=rss is tracking", "https://elpais.com/a.html?ref=rss", undefined, "https://elpais.com/a.html"],
    ["ref=twitter is tracking", "https://elpais.com/a.html?ref=Twitter&page=2", undefined, "https://elpais.com/a.html?page=2"],
    ["ref with another value is kept", "https://elpais.com/a.html?ref=abc123", undefined, "https://elpais.com/a.html?ref=abc123"],
    ["ref_src dropped", "https://elpais.com/a.html?ref_src=twsrc%5Etfw", undefined, "https://elpais.com/a.html"],
    ["other params keep their order", "https://elpais.com/n.php?z=1&a=2&id=3", undefined, "https://elpais.com/n.php?z=1&a=2&id=3"],
    ["repeated keys kept in order", "https://elpais.com/s?t=b&t=a", undefined, "https://elpais.com/s?t=b&t=a"],
    ["empty values and pieces removed", "https://elpais.com/a?x=&&y=1&", undefined, "https://elpais.com/a?y=1"],
    ["a bare flag is kept", "https://elpais.com/a?print", undefined, "https://elpais.com/a?print"],
    ["bare ? removed", "https://elpais.com/a.html?", undefined, "https://elpais.com/a.html"],
    ["only tracking params → no query", "https://elpais.com/a.html?utm_source=x&fbclid=y", undefined, "https://elpais.com/a.html"],
    ["percent-encoding upper-cased", "https://elpais.com/caf%c3%a9?q=%c3%b1", undefined, "https://elpais.com/caf%C3%A9?q=%C3%B1"],
    ["encoded unreserved decoded", "https://elpais.com/%7Euser/%41b%2Dc", undefined, "https://elpais.com/~user/Ab-c"],
    ["encoded reserved stays encoded", "https://elpais.com/a%2Fb?q=a%26b", undefined, "https://elpais.com/a%2Fb?q=a%26b"],
    ["non-ASCII path encoded", "https://elpais.com/economía/año", undefined, "https://elpais.com/econom%C3%ADa/a%C3%B1o"],
    ["IDN host in punycode", "https://español.example/x", undefined, "https://xn--espaol-zwa.example/x"],
    ["trailing dot on host dropped", "https://elpais.com./a", undefined, "https://elpais.com/a"],
    ["credentials dropped", "https://user:pw@elpais.com/a", undefined, "https://elpais.com/a"],
    ["surrounding whitespace trimmed", "  https://elpais.com/a \n", undefined, "https://elpais.com/a"],
    ["http and https stay distinct", "http://elpais.com/a", undefined, "http://elpais.com/a"],
  ])("EXT-5: %s", (_name, href, base, expected) => {
    expect(canonicalUrl(href, base)).toBe(expected);
  });

  it("EXT-5: canonicalising twice changes nothing", () => {
    const once = canonicalUrl("HTTPS://Elpais.com:443/a%7e/b?utm_source=x&b=%c3%b1#f");
    expect(canonicalUrl(once)).toBe(once);
  });

  it.each([
    ["", undefined],
    ["   ", undefined],
    ["not a url", undefined],
    ["/relative/without/base", undefined],
    ["javascript:void(0)", undefined],
    ["mailto:redaccion@elpais.es", undefined],
    ["ftp://elpais.com/a", undefined],
    ["http://", undefined],
    ["https://[::1", undefined],
  ])("EXT-5: unparseable or non-http input %j throws a TypeError", (href, base) => {
    expect(() => canonicalUrl(href, base)).toThrow(TypeError);
    expect(tryCanonicalUrl(href, base)).toBeUndefined();
  });
});

describe("isTrackingParam (SPEC EXT-5)", () => {
  it.each([
    ["utm_content", "", true],
    ["fbclid", "x", true],
    ["ref", "newsletter", true],
    ["ref", "12345", false],
    ["id", "12345", false],
    ["page", "2", false],
  ])("EXT-5: %s=%s → %s", (name, value, expected) => {
    expect(isTrackingParam(name, value)).toBe(expected);
  });
});

describe("sameSiteUrl and preferCanonical (SPEC EXT-5, POL-1)", () => {
  it.each([
    ["https://www.elpais.com/a", "https://elpais.com/b", true],
    ["https://feeds.elpais.com/rss", "https://cincodias.elpais.com/x", true],
    ["http://www.diario.test:8081/a", "http://cdn.diario.test/b", true],
    ["https://elpais.com/a", "https://elmundo.es/a", false],
    ["https://a.co.uk/", "https://b.co.uk/", false],
    ["not a url", "https://elpais.com/", false],
  ])("POL-1: %s and %s share a site: %s", (a, b, expected) => {
    expect(sameSiteUrl(a, b)).toBe(expected);
  });

  it.each<[string, string, string | undefined, string]>([
    [
      "same-site canonical wins",
      "https://www.elpais.com/a.html?utm_source=x",
      "https://elpais.com/espana/a.html",
      "https://elpais.com/espana/a.html",
    ],
    [
      "relative canonical resolved against the page",
      "https://www.elpais.com/a.html?x=1",
      "/espana/a.html",
      "https://www.elpais.com/espana/a.html",
    ],
    ["canonical itself canonicalised", "https://www.elpais.com/a", "HTTPS://WWW.ELPAIS.COM/a#x", "https://www.elpais.com/a"],
    ["off-site canonical ignored", "https://www.elpais.com/a.html", "https://agregador.example/a.html", "https://www.elpais.com/a.html"],
    ["unparseable canonical ignored", "https://www.elpais.com/a.html", "javascript:alert(1)", "https://www.elpais.com/a.html"],
    ["no canonical → the page", "https://www.elpais.com/a.html#x", undefined, "https://www.elpais.com/a.html"],
    ["empty canonical → the page", "https://www.elpais.com/a.html", "  ", "https://www.elpais.com/a.html"],
  ])("EXT-5: %s", (_name, page, declared, expected) => {
    expect(preferCanonical(page, declared)).toBe(expected);
  });

  it("EXT-5: an unparseable page URL throws", () => {
    expect(() => preferCanonical("nope", "https://elpais.com/")).toThrow(TypeError);
  });
});
