import { describe, expect, it } from "vitest";
import { contentTypeCharset, decodeText, detectCharset, normaliseCharset } from "@/crawler/fetch/bytes/charset";

const ascii = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...ascii(p)] : p)));
// "áñ€¿" in windows-1252
const CP1252 = [0xe1, 0xf1, 0x80, 0xbf];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

describe("charset detection", () => {
  it.each<[string, Record<string, string>, Uint8Array, string | undefined]>([
    ["Content-Type charset", { "content-type": "text/html; charset=ISO-8859-1" }, ascii("<p>x</p>"), "windows-1252"],
    ["quoted Content-Type charset", { "content-type": 'application/xml; charset="utf-8"' }, ascii("<a/>"), "utf-8"],
    ["Content-Type latin1 alias", { "content-type": "text/xml;charset=latin1" }, ascii("<a/>"), "windows-1252"],
    ["header name case", { "Content-Type": "text/html; charset=windows-1252" }, ascii("x"), "windows-1252"],
    ["UTF-8 BOM", {}, bytes(UTF8_BOM, "<a/>"), "utf-8"],
    ["UTF-16LE BOM", {}, bytes([0xff, 0xfe], [0x3c, 0, 0x61, 0]), "utf-16le"],
    ["UTF-16BE BOM", {}, bytes([0xfe, 0xff], [0, 0x3c, 0, 0x61]), "utf-16be"],
    ["BOM over a contradicting header", { "content-type": "text/xml; charset=iso-8859-1" }, bytes(UTF8_BOM, "<a/>"), "utf-8"],
    ["XML declaration", {}, ascii('<?xml version="1.0" encoding="ISO-8859-1"?><rss/>'), "windows-1252"],
    ["XML declaration, single quotes", {}, ascii("<?xml version='1.0' encoding='windows-1252'?><rss/>"), "windows-1252"],
    ["XML declaration saying UTF-16 in ASCII bytes", {}, ascii('<?xml version="1.0" encoding="UTF-16"?><a/>'), "utf-8"],
    ["UTF-16LE XML without BOM", {}, bytes([0x3c, 0, 0x3f, 0, 0x78, 0]), "utf-16le"],
    ["meta charset", {}, ascii('<!doctype html><html><head><meta charset="iso-8859-15"><title>t</title>'), "iso-8859-15"],
    ["meta charset unquoted", {}, ascii("<html><head><META CHARSET=windows-1252>"), "windows-1252"],
    ["meta http-equiv", {}, ascii('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'), "windows-1252"],
    ["meta http-equiv, content first", {}, ascii("<meta content='text/html;charset=utf-8' http-equiv='content-type'>"), "utf-8"],
    ["meta inside a comment is ignored", {}, ascii('<!-- <meta charset="koi8-r"> --><meta charset="utf-8">'), "utf-8"],
    ["meta name=description mentioning charset is ignored", {}, ascii('<meta name="d" content="charset=koi8-r">'), undefined],
    [
      "unknown header label falls through to meta",
      { "content-type": "text/html; charset=no-such" },
      ascii('<meta charset="iso-8859-1">'),
      "windows-1252",
    ],
    ["nothing declared", { "content-type": "text/html" }, ascii("<p>hola</p>"), undefined],
    ["empty body", {}, new Uint8Array(0), undefined],
  ])("EXT-1: %s", (_name, headers, body, expected) => {
    expect(detectCharset(headers, body)).toBe(expected);
  });

  it("EXT-1: WHATWG labels are normalised", () => {
    expect(normaliseCharset("ISO-8859-1")).toBe("windows-1252");
    expect(normaliseCharset("latin1")).toBe("windows-1252");
    expect(normaliseCharset("us-ascii")).toBe("windows-1252");
    expect(normaliseCharset(" UTF8 ")).toBe("utf-8");
    expect(normaliseCharset("no-such-charset")).toBeUndefined();
    expect(contentTypeCharset("text/html;charset=utf-8;foo=bar")).toBe("utf-8");
    expect(contentTypeCharset(undefined)).toBeUndefined();
  });
});

describe("text decoding", () => {
  it("EXT-1: windows-1252 bytes decode á ñ € ¿ (0x80 is €, not a C1 control)", () => {
    expect(decodeText(Uint8Array.from(CP1252), "windows-1252")).toBe("áñ€¿");
    expect(decodeText(Uint8Array.from(CP1252), "iso-8859-1")).toBe("áñ€¿");
    expect(decodeText(Uint8Array.from([0x93, 0x41, 0x94, 0x96, 0x85]), "latin1")).toBe("\u201cA\u201d\u2013\u2026");
  });

  it("EXT-1: UTF-8 decodes and its BOM is dropped", () => {
    expect(decodeText(bytes(UTF8_BOM, [...new TextEncoder().encode("¿Qué?")]), "utf-8")).toBe("¿Qué?");
  });

  it("EXT-1: a BOM wins over a wrong declared charset", () => {
    expect(decodeText(bytes(UTF8_BOM, [...new TextEncoder().encode("año")]), "windows-1252")).toBe("año");
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0xf1, 0x00]), "utf-8")).toBe("ñ");
  });

  it("EXT-1: unknown or missing labels mean UTF-8 with replacement characters", () => {
    expect(decodeText(Uint8Array.from(CP1252), "no-such-charset")).toMatch(/^\ufffd+$/);
    expect(decodeText(bytes("a", [0xe1], "b"), "no-such-charset")).toBe("a\ufffdb");
    expect(decodeText(new TextEncoder().encode("ñ"))).toBe("ñ");
  });

  it("EXT-1: other single-byte charsets go through TextDecoder", () => {
    expect(decodeText(Uint8Array.from([0xa4]), "iso-8859-15")).toBe("€");
  });

  it("EXT-1: detection and decoding agree on a real windows-1252 feed", () => {
    const feed = bytes('<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>', CP1252, "</title></rss>");
    expect(decodeText(feed, detectCharset({ "content-type": "application/rss+xml" }, feed))).toContain("<title>áñ€¿</title>");
  });
});
