/** A publisher's minimum pause between requests (PUB-7 "pausa-minima"): the form, the policy and the pacing math. */
import { describe, expect, it } from "vitest";
import { largestPacingGap, pacingGap } from "../../../crawler/politeness/site-lease";
import { parseMailExclusion } from "../../../lib/admin/forms";
import { parseExclusionForm, requestLabel } from "../../../lib/exclusion-request";
import { isMinPauseSeconds, makePolicies, MIN_PAUSE_SECONDS, OPEN_POLICY, policyFromScopes, SLOW_DOWN_SCOPES } from "../../../lib/policy";

const form = (pausa?: string) => ({ dominio: "elpais.com", alcance: "pausa-minima", contacto: "web@elpais.com", pausa });

describe("a minimum pause between requests (PUB-7)", () => {
  it("PUB-7: is a slow-down request the form offers, with its seconds, between 10 and 600", () => {
    expect(SLOW_DOWN_SCOPES).toContain("pausa-minima");
    expect(MIN_PAUSE_SECONDS).toEqual({ least: 10, most: 600 });
    expect(parseExclusionForm(form("90"))).toEqual({
      ok: true,
      value: { domain: "elpais.com", scope: "pausa-minima", contact: "web@elpais.com", minPauseSeconds: 90 },
    });
    for (const bad of [undefined, "", "9", "601", "12.5", "-20", "1e2", "diez"]) {
      const parsed = parseExclusionForm(form(bad));
      expect(parsed.ok, String(bad)).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(/entre 10 y 600/);
    }
    expect([10, 600].every(isMinPauseSeconds)).toBe(true);
    expect([9, 601, 30.5].some(isMinPauseSeconds)).toBe(false);
  });

  it("PUB-7: the seconds belong to that request only; other scopes ignore a stray field", () => {
    const parsed = parseExclusionForm({ ...form("90"), alcance: "portada-cada-hora" });
    expect(parsed).toEqual({ ok: true, value: { domain: "elpais.com", scope: "portada-cada-hora", contact: "web@elpais.com" } });
    expect(requestLabel("pausa-minima", 90)).toBe("Pausa mínima entre peticiones: 90 s");
    expect(requestLabel("portada-cada-hora")).toBe("Portada como mucho cada hora");
  });

  it("PUB-7: a request received by mail carries its seconds too, checked the same way", () => {
    const now = Date.UTC(2026, 11, 5, 9);
    const mail = (pausa?: string) => parseMailExclusion({ dominio: "elpais.com", alcance: "pausa-minima", pausa }, now);
    expect(mail("120")).toMatchObject({ ok: true, value: { scope: "pausa-minima", minPauseSeconds: 120 } });
    expect(mail("5").ok).toBe(false);
    expect(mail(undefined).ok).toBe(false);
  });

  it("PUB-7: the policy carries the largest pause in force for the outlet, and none without the request", () => {
    expect(OPEN_POLICY.minPauseSeconds).toBe(0);
    expect(policyFromScopes(["portada-cada-hora"]).minPauseSeconds).toBe(0);
    const policies = makePolicies(
      [
        { outletId: 1, scope: "pausa-minima", minPauseSeconds: 30 },
        { outletId: 1, scope: "pausa-minima", minPauseSeconds: 120 },
        { outletId: 1, scope: "fuentes-cada-hora" },
        { outletId: 2, scope: "sin-sondeo" },
      ],
      [],
    );
    expect(policies.forOutlet(1)).toMatchObject({
      minPauseSeconds: 120,
      sourcesMinMinutes: 60,
      scopes: ["fuentes-cada-hora", "pausa-minima"],
    });
    expect(policies.forOutlet(2).minPauseSeconds).toBe(0);
  });

  it("POL-1, PUB-7: the gap is the largest of our random gap, the Crawl-delay and the publisher's pause", () => {
    const base = { minMs: 3000, maxMs: 5000, random: () => 0.5 };
    expect(pacingGap({ ...base, minPauseMs: 0 })).toBe(4000);
    expect(pacingGap({ ...base, minPauseMs: 45_000 })).toBe(45_000);
    expect(pacingGap({ ...base, crawlDelaySeconds: 60, minPauseMs: 45_000 })).toBe(60_000);
    expect(pacingGap({ ...base, crawlDelaySeconds: 20, minPauseMs: 45_000 })).toBe(45_000);
    // What a lease reserves before the draw covers the pause too.
    expect(largestPacingGap({ maxMs: 5000, crawlDelaySeconds: 20, minPauseMs: 45_000 })).toBe(45_000);
    expect(largestPacingGap({ maxMs: 5000, crawlDelaySeconds: 20 })).toBe(20_000);
  });
});
