import { describe, expect, it } from "vitest";
import { matchOverride } from "@/crawler/fetch/resolve-override";
import { loadConfig, type ResolveRule } from "@/lib/config";

const rules: ResolveRule[] = [
  { pattern: "*.test", address: "127.0.0.1", port: 8081 },
  { pattern: "*.diario.test", address: "127.0.0.1", port: 8082 },
  { pattern: "x.test", address: "127.0.0.1", port: 8083 },
  { pattern: "*.ipv6.test", address: "::1", port: 8084 },
];

describe("resolve override matching", () => {
  it.each([
    ["x.test", 8083, "an exact rule wins over a wildcard"],
    ["X.TEST", 8083, "case is ignored"],
    ["x.test.", 8083, "a trailing dot is ignored"],
    ["a.test", 8081, "a wildcard matches one label"],
    ["b.a.test", 8081, "a wildcard matches several labels"],
    ["www.diario.test", 8082, "the longest wildcard wins"],
    ["h.ipv6.test", 8084, "IPv6 addresses are kept"],
  ])("SEC-1: %s → port %i (%s)", (host, port) => {
    expect(matchOverride(rules, host)?.port).toBe(port);
  });

  it.each(["test", "xtest", "a.test.es", "example.com", "127.0.0.1", "diario.test.evil.com"])("SEC-1: %s matches no rule", (host) => {
    expect(matchOverride(rules, host)).toBeUndefined();
  });

  it("SEC-1: rules from HEMEROSCOPIO_RESOLVE are used as parsed by lib/config", () => {
    const config = loadConfig({ HEMEROSCOPIO_RESOLVE: "*.test=127.0.0.1:8081,elpais.com=[::1]:9000" });
    expect(matchOverride(config.resolve, "www.uno.test")).toEqual({ pattern: "*.test", address: "127.0.0.1", port: 8081 });
    expect(matchOverride(config.resolve, "elpais.com")).toEqual({ pattern: "elpais.com", address: "::1", port: 9000 });
    expect(matchOverride(config.resolve, "www.elpais.com")).toBeUndefined();
  });
});
