import { describe, expect, it } from "vitest";
import { carriesToken, newVerificationToken, parseExclusionForm, publisherDomain } from "../../../lib/exclusion-request";
import { addressKey, checkFormToken, issueFormToken, MIN_FILL_MS, sameOrigin } from "../../../lib/forms/guard";

const valid = { dominio: "https://www.elpais.com/portada", alcance: "total", contacto: "legal@elpais.es" };

describe("the exclusion form (PUB-2, SEC-2)", () => {
  it("PUB-2: reads the registrable domain of whatever the publisher typed", () => {
    expect(publisherDomain("elpais.com")).toBe("elpais.com");
    expect(publisherDomain("https://www.elpais.com/x?y")).toBe("elpais.com");
    expect(publisherDomain("feeds.bbc.co.uk")).toBe("bbc.co.uk");
    expect(publisherDomain("www.diarioprueba.test")).toBe("diarioprueba.test");
  });

  it("SEC-1, SEC-2: refuses addresses, single labels and junk as a verification domain", () => {
    for (const bad of [
      "169.254.169.254",
      "127.0.0.1",
      "localhost",
      "http://[::1]/",
      "<script>alert(1)</script>",
      "a b.com",
      "",
      "x".repeat(300),
    ]) {
      expect(publisherDomain(bad), bad).toBeUndefined();
    }
  });

  it("PUB-2: a valid form gives domain, scope and contact; each wrong field gives a Spanish reason", () => {
    expect(parseExclusionForm(valid)).toEqual({ ok: true, value: { domain: "elpais.com", scope: "total", contact: "legal@elpais.es" } });
    expect(parseExclusionForm({ ...valid, alcance: "todo" })).toMatchObject({ ok: false, reason: expect.stringContaining("Elige") });
    expect(parseExclusionForm({ ...valid, contacto: "x'; drop table exclusions;--@a.es" })).toMatchObject({ ok: false });
    expect(parseExclusionForm({ ...valid, contacto: "<img src=x onerror=alert(1)>@a.es" })).toMatchObject({ ok: false });
    expect(parseExclusionForm({ ...valid, extra: "y".repeat(400) })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("demasiado largo"),
    });
  });

  it("PUB-2: the token is found as a robots.txt comment or alone in the well-known file, not inside other text", () => {
    const token = newVerificationToken();
    expect(token).toMatch(/^hemeroscopio-verificacion-[0-9a-f]{32}$/);
    expect(carriesToken(`User-agent: *\r\nDisallow: /x\r\n# ${token}\r\n`, token)).toBe(true);
    expect(carriesToken(`${token}\n`, token)).toBe(true);
    expect(carriesToken(`Disallow: /${token}`, token)).toBe(false);
    expect(carriesToken(`# not-${token}`, token)).toBe(false);
  });

  it("SEC-2: a form token is refused when forged, too fresh or too old, and accepted in between", () => {
    const t = issueFormToken("secret", "exclusion", 1_000_000);
    expect(checkFormToken("secret", "exclusion", t, 1_000_000 + MIN_FILL_MS)).toBeUndefined();
    expect(checkFormToken("secret", "exclusion", t, 1_000_000 + 500)).toMatch(/deprisa/);
    expect(checkFormToken("secret", "exclusion", t, 1_000_000 + 3 * 3_600_000)).toMatch(/caducado/);
    expect(checkFormToken("other", "exclusion", t, 1_000_000 + 5_000)).toMatch(/no es válido/);
    expect(checkFormToken("secret", "reply", t, 1_000_000 + 5_000)).toMatch(/no es válido/);
    expect(checkFormToken("secret", "exclusion", undefined, 0)).toMatch(/no es válido/);
    // SEC-2: two pages rendered in the same millisecond carry different tokens, each good once.
    const twin = issueFormToken("secret", "exclusion", 1_000_000);
    expect(twin).not.toBe(t);
    expect(checkFormToken("secret", "exclusion", twin, 1_000_000 + MIN_FILL_MS)).toBeUndefined();
    const [issued, , signature] = t.split(".");
    expect(checkFormToken("secret", "exclusion", `${issued}.otro.${signature}`, 1_000_000 + 5_000)).toMatch(/no es válido/);
  });

  it("SEC-2: only a POST from our own pages passes the origin check", () => {
    expect(sameOrigin({ origin: "https://hemeroscopio.org", host: "hemeroscopio.org", https: true })).toBe(true);
    expect(sameOrigin({ referer: "https://hemeroscopio.org/editores", host: "hemeroscopio.org", https: true })).toBe(true);
    expect(sameOrigin({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", https: false })).toBe(true);
    expect(sameOrigin({ origin: "https://evil.example", host: "hemeroscopio.org", https: true })).toBe(false);
    expect(sameOrigin({ origin: "null", host: "hemeroscopio.org", https: true })).toBe(false);
    expect(sameOrigin({ host: "hemeroscopio.org", https: true })).toBe(false);
  });

  it("SEC-2: the origin check compares the scheme too: a page on plain http cannot post into the https site", () => {
    expect(sameOrigin({ origin: "http://hemeroscopio.org", host: "hemeroscopio.org", https: true })).toBe(false);
    expect(sameOrigin({ referer: "http://hemeroscopio.org/editores", host: "hemeroscopio.org", https: true })).toBe(false);
    expect(sameOrigin({ origin: "https://127.0.0.1:3000", host: "127.0.0.1:3000", https: false })).toBe(false);
  });

  it("SEC-2: addresses are keyed by a salted hash that changes every day", () => {
    const day = Date.UTC(2026, 10, 29, 12);
    expect(addressKey("s", "203.0.113.9", day)).toBe(addressKey("s", "203.0.113.9", day + 3_600_000));
    expect(addressKey("s", "203.0.113.9", day)).not.toBe(addressKey("s", "203.0.113.9", day + 86_400_000));
    expect(addressKey("s", "203.0.113.9", day)).not.toContain("203");
  });
});
