/** The warning about a default site URL on a site reachable beyond this machine (feeds would point at the public project). */
import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_URL, loadConfig } from "../../../lib/config";
import { isLoopbackHost, siteUrlWarning } from "../../../lib/site-url-check";

describe("site URL check", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["[::1]", true],
    ["localhost", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.1.20", false],
    ["hemeroscopio.example", false],
  ])("%s is loopback: %s", (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it("WEB-6: the default site URL on a host beyond loopback is warned about; set, or on loopback, it is not", () => {
    expect(siteUrlWarning({ siteUrl: DEFAULT_SITE_URL, host: "0.0.0.0" })).toMatch(/HEMEROSCOPIO_SITE_URL/);
    expect(siteUrlWarning({ siteUrl: `${DEFAULT_SITE_URL}/`, host: "10.0.0.5" })).toBeDefined();
    expect(siteUrlWarning({ siteUrl: DEFAULT_SITE_URL, host: "127.0.0.1" })).toBeUndefined();
    expect(siteUrlWarning({ siteUrl: "https://observatorio.example", host: "0.0.0.0" })).toBeUndefined();
  });

  it("WEB-6: an unset HEMEROSCOPIO_SITE_URL is the default the check compares with", () => {
    const config = loadConfig({ HEMEROSCOPIO_HOST: "0.0.0.0" });
    expect(config.siteUrl).toBe(DEFAULT_SITE_URL);
    expect(siteUrlWarning(config)).toBeDefined();
  });
});
