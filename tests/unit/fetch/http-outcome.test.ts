import { describe, expect, it } from "vitest";
import { FetchFailure, safeReason, toFailure, type AbortContext } from "@/crawler/fetch/outcome";
import { pinnedLookup } from "@/crawler/fetch/pinned-connector";
import { parseRequestUrl } from "@/crawler/fetch/request-url";

const idle = (): AbortContext => ({ caller: new AbortController().signal, deadline: new AbortController().signal, totalTimeoutMs: 300 });
const coded = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("failure classification", () => {
  it.each([
    ["UND_ERR_CONNECT_TIMEOUT", "timeout"],
    ["UND_ERR_HEADERS_TIMEOUT", "timeout"],
    ["UND_ERR_BODY_TIMEOUT", "timeout"],
    ["UND_ERR_HEADERS_OVERFLOW", "too-large"],
    ["HPE_INVALID_HEADER_TOKEN", "decoding-error"],
    ["HPE_INVALID_CONSTANT", "decoding-error"],
    ["Z_DATA_ERROR", "decoding-error"],
    ["ECONNRESET", "unreachable"],
    ["ECONNREFUSED", "unreachable"],
    ["UND_ERR_SOCKET", "unreachable"],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "unreachable"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "unreachable"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "unreachable"],
    ["SOMETHING_NEW", "unreachable"],
  ])("SEC-4: %s → %s", (code, outcome) => {
    expect(toFailure(coded(code), idle()).code).toBe(outcome);
  });

  it("SEC-4: TLS failures say so", () => {
    expect(toFailure(coded("ERR_SSL_WRONG_VERSION_NUMBER", "wrong version number"), idle()).message).toMatch(/^tls: /);
  });

  it("POL-5: an abort is a timeout, told apart by which signal fired", () => {
    const deadline = new AbortController();
    deadline.abort();
    expect(toFailure(coded("UND_ERR_ABORTED"), { ...idle(), deadline: deadline.signal }).message).toBe("total timeout of 300 ms");
    const caller = new AbortController();
    caller.abort();
    expect(toFailure(new Error("x"), { ...idle(), caller: caller.signal })).toMatchObject({
      code: "timeout",
      message: "aborted by caller",
    });
  });

  it("SEC-4: a classified failure passes through unchanged", () => {
    const failure = new FetchFailure("ssrf-refused", "address is loopback");
    expect(toFailure(failure, idle())).toBe(failure);
  });

  it("STO-3: reasons are one short printable line", () => {
    expect(safeReason("a\r\nb\u0000c\u0085d")).toBe("a b c d");
    expect(safeReason("x".repeat(500))).toHaveLength(200);
  });
});

describe("request URLs", () => {
  it.each([
    ["ftp://a.test/x", /scheme/],
    ["file:///etc/passwd", /scheme/],
    ["javascript:alert(1)", /scheme/],
    ["gopher://a.test/", /scheme/],
    ["/relative/path", /absolute/],
    ["http://user:pass@a.test/", /credentials/],
    ["http://a b.test/", /absolute/],
  ])("SEC-1: %s is a bad URL", (url, reason) => {
    expect(() => parseRequestUrl(url)).toThrow(reason);
    try {
      parseRequestUrl(url);
    } catch (error) {
      expect((error as FetchFailure).code).toBe("bad-url");
    }
  });

  it("SEC-1: WHATWG parsing canonicalises numeric hosts the guard then sees", () => {
    expect(parseRequestUrl("http://2130706433/").hostname).toBe("127.0.0.1");
    expect(parseRequestUrl("http://0x7f.1/").hostname).toBe("127.0.0.1");
    expect(parseRequestUrl("http://[::ffff:127.0.0.1]/").hostname).toBe("[::ffff:7f00:1]");
  });
});

describe("pinned lookup", () => {
  it("SEC-1: answers with the vetted addresses only and never asks DNS", () => {
    const lookup = pinnedLookup([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800::1", family: 6 },
    ]);
    const answers: unknown[] = [];
    lookup("rebinding.example", { all: true }, (_e, a) => answers.push(a));
    lookup("rebinding.example", { family: 6 }, (_e, a, f) => answers.push([a, f]));
    lookup("rebinding.example", {}, (_e, a, f) => answers.push([a, f]));
    expect(answers).toEqual([
      [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800::1", family: 6 },
      ],
      ["2606:2800::1", 6],
      ["93.184.216.34", 4],
    ]);
  });
});
