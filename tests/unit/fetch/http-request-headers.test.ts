import { describe, expect, it } from "vitest";
import { FetchFailure } from "@/crawler/fetch/outcome";
import { ACCEPT_ENCODING, acceptFor, requestHeaders } from "@/crawler/fetch/request-headers";
import type { FetchKind } from "@/lib/fetcher";

const identity = { userAgent: "HemeroscopioBot/1.0 (+https://hemeroscopio.org/bot; bot@hemeroscopio.org)", email: "bot@hemeroscopio.org" };

describe("request headers", () => {
  it.each<[FetchKind, string]>([
    [
      "feed",
      "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.8, application/json;q=0.7",
    ],
    ["sitemap", "application/xml, text/xml"],
    ["page", "text/html, application/xhtml+xml"],
    ["probe", "text/html, application/xhtml+xml"],
    ["legal", "text/html, application/xhtml+xml"],
    ["robots", "text/plain"],
    ["tdmrep", "application/json"],
  ])("ID-2: Accept for %s is %s", (kind, accept) => {
    expect(acceptFor(kind)).toBe(accept);
    expect(requestHeaders({ url: "https://a.test/", kind }, identity)["accept"]).toBe(accept);
  });

  it("ID-1, ID-2: identity, Accept-Encoding and no cookie on every request", () => {
    const h = requestHeaders({ url: "https://a.test/", kind: "page" }, identity);
    expect(h).toMatchObject({ "user-agent": identity.userAgent, from: identity.email, "accept-encoding": "gzip, br, deflate" });
    expect(ACCEPT_ENCODING).toBe("gzip, br, deflate");
    expect(Object.keys(h)).not.toContain("cookie");
    expect(Object.keys(h)).not.toContain("if-none-match");
  });

  it("POL-4: stored validators are sent back verbatim", () => {
    const h = requestHeaders(
      { url: "https://a.test/", kind: "feed", etag: 'W/"abc"', lastModified: "Sun, 06 Nov 1994 08:49:37 GMT" },
      identity,
    );
    expect(h["if-none-match"]).toBe('W/"abc"');
    expect(h["if-modified-since"]).toBe("Sun, 06 Nov 1994 08:49:37 GMT");
  });

  it("ID-3: extra headers (signatures) are added", () => {
    const h = requestHeaders(
      { url: "https://a.test/", kind: "page", extraHeaders: { "Signature-Agent": 'sig1="https://h.test"', Signature: "sig1=:AA==:" } },
      identity,
    );
    expect(h["signature-agent"]).toBe('sig1="https://h.test"');
    expect(h["signature"]).toBe("sig1=:AA==:");
  });

  it.each(["User-Agent", "from", "Cookie", "Authorization", "Accept-Encoding", "Host", "If-None-Match"])(
    "ID-1, ID-2: extra header %s cannot replace our identity or add credentials",
    (name) => {
      expect(() => requestHeaders({ url: "https://a.test/", kind: "page", extraHeaders: { [name]: "x" } }, identity)).toThrow(FetchFailure);
    },
  );

  it("SEC-4: CR/LF in a stored ETag or extra header cannot inject headers", () => {
    const bad = (req: Parameters<typeof requestHeaders>[0]) => {
      try {
        requestHeaders(req, identity);
        return undefined;
      } catch (error) {
        return (error as FetchFailure).code;
      }
    };
    expect(bad({ url: "https://a.test/", kind: "feed", etag: '"a"\r\nCookie: x=1' })).toBe("bad-url");
    expect(bad({ url: "https://a.test/", kind: "feed", extraHeaders: { "X-A": "1\nX-B: 2" } })).toBe("bad-url");
    expect(bad({ url: "https://a.test/", kind: "feed", extraHeaders: { "Bad Name": "1" } })).toBe("bad-url");
  });
});
