import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LookupAll } from "@/crawler/fetch/connect-target";
import { createHttpFetcher } from "@/crawler/fetch/http";
import { pinnedConnector } from "@/crawler/fetch/pinned-connector";
import { loadConfig } from "@/lib/config";

// SPEC SEC-1. A server on 127.0.0.1 that must only ever be reached through the override.
let server: http.Server;
let port: number;
let hits = 0;
const never = new AbortController().signal;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end("reached");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function fetcher(lookup: LookupAll, refuseUnlisted: boolean) {
  const config = loadConfig({ HEMEROSCOPIO_RESOLVE: `x.test=127.0.0.1:${port}`, HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "2000" });
  return createHttpFetcher({ config, lookup, refuseUnlisted });
}
const answering = (...addresses: string[]) =>
  vi.fn<LookupAll>(async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })));

describe("SSRF guard on real requests", () => {
  it("SEC-1: the resolve override is the way past the guard, without DNS", async () => {
    const lookup = answering("8.8.8.8");
    hits = 0;
    const r = await fetcher(lookup, true)({ url: "http://x.test/ok", kind: "page" }, never);
    expect(r).toMatchObject({ outcome: "ok", status: 200 });
    expect(Buffer.from(r.body ?? []).toString()).toBe("reached");
    expect(hits).toBe(1);
    expect(lookup).not.toHaveBeenCalled();
  });

  it("SEC-1: in test mode a host with no override is refused before any DNS lookup", async () => {
    const lookup = answering("8.8.8.8");
    const r = await fetcher(lookup, true)({ url: "https://www.elpais.com/", kind: "page" }, never);
    expect(r).toMatchObject({ outcome: "ssrf-refused", error: "host not in resolve overrides (test mode)", bytes: 0 });
    expect(r.status).toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each([
    [["169.254.169.254"], "metadata"],
    [["127.0.0.1"], "loopback"],
    [["10.1.2.3"], "private"],
    [["::1"], "loopback"],
    [["::ffff:127.0.0.1"], "loopback"],
    [["fd00:ec2::254"], "metadata"],
    [["93.184.216.34", "192.168.1.10"], "private"],
  ])("SEC-1: a host resolving to %j is refused (%s)", async (addresses, reason) => {
    const lookup = answering(...addresses);
    hits = 0;
    const r = await fetcher(lookup, false)({ url: "http://rebind.example/latest", kind: "feed" }, never);
    expect(r).toMatchObject({ outcome: "ssrf-refused", error: `host resolves to a ${reason} address` });
    expect(lookup).toHaveBeenCalledExactlyOnceWith("rebind.example");
    expect(hits).toBe(0);
  });

  it.each([
    ["http://127.0.0.1/", "loopback"],
    ["http://127.0.0.1:PORT/", "loopback"],
    ["http://[::1]/", "loopback"],
    ["http://[::ffff:127.0.0.1]/", "loopback"],
    ["http://2130706433/", "loopback"],
    ["http://0x7f.0.0.1/", "loopback"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://169.254.169.254/latest/meta-data/", "metadata"],
    ["http://[fe80::1]/", "link-local"],
  ])("SEC-1: the literal %s without an override is refused", async (url, reason) => {
    const lookup = answering("8.8.8.8");
    hits = 0;
    const r = await fetcher(lookup, false)({ url: url.replace("PORT", String(port)), kind: "page" }, never);
    expect(r).toMatchObject({ outcome: "ssrf-refused", error: `address is ${reason}` });
    expect(lookup).not.toHaveBeenCalled();
    expect(hits).toBe(0);
  });

  it("SEC-1: a DNS failure is unreachable", async () => {
    const lookup = vi.fn<LookupAll>(async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    });
    expect(await fetcher(lookup, false)({ url: "http://nx.example/", kind: "page" }, never)).toMatchObject({
      outcome: "unreachable",
      error: "dns: ENOTFOUND",
    });
  });

  it.each(["ftp://x.test/", "file:///etc/passwd", "http://u:p@x.test/", "not a url", "http://93.184.216.34:25/"])(
    "SEC-1: %s is a bad URL and nothing is requested",
    async (url) => {
      const lookup = answering("8.8.8.8");
      hits = 0;
      expect(await fetcher(lookup, false)({ url, kind: "page" }, never)).toMatchObject({ outcome: "bad-url" });
      expect(hits).toBe(0);
      expect(lookup).not.toHaveBeenCalled();
    },
  );

  it("SEC-1: the connection is pinned to the vetted address; the name is never resolved again", async () => {
    // `rebind.test` has no DNS entry (RFC 6761), so reaching the server proves the pinned address was used.
    const target = { addresses: [{ address: "127.0.0.1", family: 4 }], via: "dns" as const };
    const client = new Client(`http://rebind.test:${port}`, { connect: pinnedConnector(target, 1000, () => {}) });
    try {
      hits = 0;
      const res = await client.request({ method: "GET", path: "/" });
      expect(await res.body.text()).toBe("reached");
      expect(hits).toBe(1);
    } finally {
      await client.destroy();
    }
  });
});
