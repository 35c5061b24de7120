import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { htmlOf, inlineScriptHashes, withPageScriptHashes, withScriptHashes } from "../../../lib/front-door/script-hashes";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

describe("CSP hashes of a page's inline scripts (SEC-3)", () => {
  it("SEC-3: hashes each inline script's exact text, once, and skips scripts loaded from a src", () => {
    const a = 'self.__next_f.push([1,"ñ \\u003c"])';
    const html =
      `<html><head><script src="/_next/static/a.js" async=""></script><script>${a}</script></head>` +
      `<body><SCRIPT type="application/json" id="d">{"x":1}</SCRIPT><script>${a}</script><script></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(a), sha('{"x":1}'), sha("")]);
  });

  it("SEC-3: script-src gets the hashes and loses 'unsafe-inline'; the other directives stay as they were", () => {
    expect(withScriptHashes(CSP, ["'sha256-AAA='"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-AAA='; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(withScriptHashes("script-src 'self' 'unsafe-inline'", [])).toBe("script-src 'self'");
  });

  it("SEC-3: a gzipped HTML answer is read for its scripts; anything else keeps its headers", () => {
    const html = "<p>x</p><script>go()</script>";
    const gz = { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-security-policy": CSP };
    expect(htmlOf(gzipSync(html), gz)).toBe(html);
    expect(withPageScriptHashes(gz, gzipSync(html))["content-security-policy"]).toContain(sha("go()"));
    const csv = { "content-type": "text/csv", "content-security-policy": CSP };
    expect(withPageScriptHashes(csv, Buffer.from("<script>x</script>"))).toBe(csv);
    expect(htmlOf(Buffer.from("not gzip"), gz)).toBeUndefined();
    expect(htmlOf(Buffer.from(html), { "content-type": "text/html", "content-encoding": "br" })).toBeUndefined();
  });
});
