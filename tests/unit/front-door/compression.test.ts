// The front door's one gzip step (lib/front-door/page-cache/compression.ts): what it compresses and what it leaves.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressibleType, encodeBody, encodeStream, GZIP_MIN_BYTES } from "../../../lib/front-door/page-cache/compression";

const page = Buffer.from("<p>texto</p>".repeat(200));

describe("front door compression (WEB-4)", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["text/csv", true],
    ["application/json", true],
    ["application/problem+json", true],
    ["application/atom+xml; charset=utf-8", true],
    ["image/svg+xml", true],
    ["application/javascript", true],
    ["image/png", false],
    ["application/vnd.apache.parquet", false],
    ["application/gzip", false],
    [undefined, false],
  ])("%s is compressible: %s", (type, expected) => {
    expect(compressibleType(type)).toBe(expected);
  });

  it("gzips a compressible body once for a gzip reader, dropping its length and naming Accept-Encoding in Vary", () => {
    const { headers, body } = encodeBody({ "content-type": "text/html", "content-length": String(page.length), vary: "RSC" }, page, true);
    expect(headers).toEqual({ "content-type": "text/html", "content-encoding": "gzip", vary: "RSC, Accept-Encoding" });
    expect(gunzipSync(body).equals(page)).toBe(true);
  });

  it("leaves the body as it is for an identity reader, small bodies, encoded ones and no-transform ones", () => {
    expect(encodeBody({ "content-type": "text/html" }, page, false)).toEqual({
      headers: { "content-type": "text/html", vary: "Accept-Encoding" },
      body: page,
    });
    const small = page.subarray(0, GZIP_MIN_BYTES - 1);
    expect(encodeBody({ "content-type": "text/html" }, small, true).body).toBe(small);
    const zipped = { "content-type": "text/html", "content-encoding": "gzip" };
    expect(encodeBody(zipped, page, true)).toEqual({ headers: zipped, body: page });
    const kept = { "content-type": "text/csv", "cache-control": "no-transform" };
    expect(encodeBody(kept, page, true)).toEqual({ headers: kept, body: page });
    const binary = { "content-type": "image/png" };
    expect(encodeBody(binary, page, true)).toEqual({ headers: binary, body: page });
  });

  it("streams gzip for a streamed answer of unknown or large length, not for a small known one", () => {
    const streamed = encodeStream({ "content-type": "text/csv", "transfer-encoding": "chunked" }, true);
    expect(streamed.stream).toBeDefined();
    expect((streamed.headers as Record<string, string>)["content-encoding"]).toBe("gzip");
    streamed.stream!.destroy();
    expect(encodeStream({ "content-type": "text/csv", "content-length": "10" }, true).stream).toBeUndefined();
    expect(encodeStream({ "content-type": "text/csv" }, false).stream).toBeUndefined();
  });
});
