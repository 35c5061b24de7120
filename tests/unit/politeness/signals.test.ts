import { describe, expect, it } from "vitest";
import type { HeaderBag } from "@/crawler/politeness/http-fields";
import { readSignals, robotsTagDirectives } from "@/crawler/politeness/signals";
import { parseTdmRep, tdmRepFor, tdmState, type MetaTag, type TdmState } from "@/crawler/politeness/tdmrep";

const BOT = "HemeroscopioBot";
const URL_ = "https://www.diario.test/politica/2025/03/09/noticia.html?utm=x";

describe("parseTdmRep + tdmRepFor (SIG-1, TDMRep)", () => {
  const file = JSON.stringify([
    { location: "/politica/*", "tdm-reservation": 1, "tdm-policy": "https://www.diario.test/tdm-policy.json" },
    { location: "/politica/", "tdm-reservation": 0 },
    { location: "/opinion/*.html$", "tdm-reservation": "1" },
    { location: "/deportes/", "tdm-reservation": 2 },
    { location: "/deportes/", "tdm-reservation": 0, "tdm-policy": "https://ignored.test/p" },
    { "tdm-reservation": 1 },
    "junk",
    { location: "https://www.diario.test/cultura/", "tdm-reservation": 1 },
    { location: "/", "tdm-reservation": 0 },
  ]);
  const rules = parseTdmRep(file);

  it("SIG-1: invalid entries are skipped and the rest kept in order", () => {
    expect(rules.map((r) => [r.location, r.reservation])).toEqual([
      ["/politica/*", 1],
      ["/politica/", 0],
      ["/opinion/*.html$", 1],
      ["/deportes/", 0],
      ["https://www.diario.test/cultura/", 1],
      ["/", 0],
    ]);
  });

  it.each<[string, string, TdmState]>([
    [
      "the first match wins, not the longest",
      URL_,
      { reservation: 1, policy: "https://www.diario.test/tdm-policy.json", source: "tdmrep.json" },
    ],
    ["a $ pattern matches only that ending", "https://www.diario.test/opinion/a/b.html", { reservation: 1, source: "tdmrep.json" }],
    ["a $ pattern does not match a query", "https://www.diario.test/opinion/b.html?x=1", { reservation: 0, source: "tdmrep.json" }],
    [
      "an invalid value is skipped, the next entry applies; tdm-policy ignored with 0",
      "https://www.diario.test/deportes/x",
      { reservation: 0, source: "tdmrep.json" },
    ],
    ["an absolute location counts by its path", "https://www.diario.test/cultura/libro", { reservation: 1, source: "tdmrep.json" }],
    [
      "percent-encoding is normalised like robots.txt",
      "https://www.diario.test/%70olitica/x",
      { reservation: 1, policy: "https://www.diario.test/tdm-policy.json", source: "tdmrep.json" },
    ],
    ["case-sensitive paths", "https://www.diario.test/POLITICA/x", { reservation: 0, source: "tdmrep.json" }],
  ])("SIG-1: %s", (_name, url, expected) => {
    expect(tdmRepFor(rules, url)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ["not JSON", "{oops"],
    ["an object, not an array", { location: "/", "tdm-reservation": 1 }],
    ["null", null],
  ])("SIG-1: a file that is %s has no rules", (_name, json) => {
    expect(parseTdmRep(json)).toEqual([]);
  });

  it("SIG-1: no file entry matching means no reservation", () => {
    expect(tdmRepFor(parseTdmRep('[{"location":"/x/","tdm-reservation":1}]'), URL_)).toEqual({});
  });
});

describe("tdmState precedence (TDMRep: file < header < meta)", () => {
  const reservedFile = parseTdmRep([{ location: "/", "tdm-reservation": 1, "tdm-policy": "https://p.test/file" }]);
  const openFile = parseTdmRep([{ location: "/", "tdm-reservation": 0 }]);
  it.each<[string, { tdmrep?: typeof reservedFile; headers?: HeaderBag; meta?: MetaTag[] }, TdmState]>([
    ["nothing declared", {}, {}],
    ["the header alone", { headers: { "TDM-Reservation": "1" } }, { reservation: 1, source: "header" }],
    ["the header supersedes the file", { tdmrep: reservedFile, headers: { "tdm-reservation": "0" } }, { reservation: 0, source: "header" }],
    [
      "a header without the field does not reset the file",
      { tdmrep: reservedFile, headers: { other: "1" } },
      { reservation: 1, policy: "https://p.test/file", source: "tdmrep.json" },
    ],
    [
      "an invalid header value does not reset the file",
      { tdmrep: openFile, headers: { "tdm-reservation": "yes" } },
      { reservation: 0, source: "tdmrep.json" },
    ],
    [
      "meta supersedes the header",
      { headers: { "tdm-reservation": "0" }, meta: [{ name: "tdm-reservation", content: "1" }] },
      { reservation: 1, source: "meta" },
    ],
    [
      "the header's policy comes along",
      { headers: { "tdm-reservation": "1", "tdm-policy": "https://p.test/h" } },
      { reservation: 1, policy: "https://p.test/h", source: "header" },
    ],
    [
      "meta policy replaces the file's",
      { tdmrep: reservedFile, meta: [{ name: "TDM-Policy", content: "https://p.test/m" }] },
      { reservation: 1, policy: "https://p.test/m", source: "tdmrep.json" },
    ],
    ["conflicting header copies: the reservation", { headers: { "tdm-reservation": ["0", "1"] } }, { reservation: 1, source: "header" }],
  ])("SIG-1: %s", (_name, input, expected) => {
    expect(tdmState({ url: URL_, ...input })).toEqual(expected);
  });
});

describe("robotsTagDirectives (SIG-3, X-Robots-Tag)", () => {
  it.each<[string, string[]]>([
    ["noindex", ["noindex"]],
    ["NoIndex, NOFOLLOW", ["noindex", "nofollow"]],
    ["googlebot: noindex", []],
    ["hemeroscopiobot: noai", ["noai"]],
    ["HemeroscopioBot: noindex, nofollow", ["noindex", "nofollow"]],
    ["otherbot: noindex, nofollow, hemeroscopiobot: noarchive", ["noarchive"]],
    ["max-snippet: 20, max-image-preview:large", ["max-snippet:20", "max-image-preview:large"]],
    ["unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noarchive", ["unavailable_after:Friday, 25-Jun-10 15:00:00 PST", "noarchive"]],
    ["googlebot-news: nosnippet, noai", []],
    [" , noimageai ,", ["noimageai"]],
  ])("SIG-3: %j → %j", (value, expected) => {
    expect(robotsTagDirectives(value, BOT)).toEqual(expected);
  });
});

describe("readSignals (SIG-1, SIG-3, SIG-4)", () => {
  const verdict = (headers: HeaderBag = {}, meta: MetaTag[] = []) => readSignals({ url: URL_, productToken: BOT, headers, meta });

  it.each<[string, HeaderBag, MetaTag[], boolean, string[]]>([
    ["a page with no signals", {}, [], false, []],
    ["meta robots noai", {}, [{ name: "robots", content: "noai, noimageai" }], true, ["noai", "noimageai"]],
    ["meta addressed to us", {}, [{ name: "HemeroscopioBot", content: "noai" }], true, ["noai"]],
    ["meta addressed to another bot", {}, [{ name: "googlebot", content: "noai, noindex" }], false, []],
    ["noimageai alone", { "x-robots-tag": "noimageai" }, [], true, ["noimageai"]],
    ["X-Robots-Tag for another bot", { "X-Robots-Tag": "GPTBot: noai" }, [], false, []],
    [
      "repeated X-Robots-Tag headers combine with meta",
      { "x-robots-tag": ["noindex", "hemeroscopiobot: nofollow"] },
      [{ name: "Robots", content: "NOARCHIVE" }],
      false,
      ["noindex", "nofollow", "noarchive"],
    ],
    ["none expands to noindex and nofollow", {}, [{ name: "robots", content: "none" }], false, ["none", "noindex", "nofollow"]],
    ["duplicates are kept once", { "x-robots-tag": "noindex" }, [{ name: "robots", content: "noindex" }], false, ["noindex"]],
  ])("SIG-3: %s", (_name, headers, meta, noAnnotation, directives) => {
    const v = verdict(headers, meta);
    expect([v.noAnnotation, v.robotsDirectives]).toEqual([noAnnotation, directives]);
  });

  it("SIG-1: a reserved page is marked, with where the reservation came from", () => {
    const v = readSignals({ url: URL_, productToken: BOT, tdmrep: parseTdmRep('[{"location":"/","tdm-reservation":1}]') });
    expect([v.tdmReserved, v.tdm.source]).toEqual([true, "tdmrep.json"]);
    expect(verdict({ "tdm-reservation": "0" }).tdmReserved).toBe(false);
    expect(verdict({}, [{ name: "tdm-reservation", content: "1" }]).tdmReserved).toBe(true);
  });

  it("SIG-4: the Content-Usage header is kept as sent", () => {
    expect(verdict({ "Content-Usage": "train-ai=n, search=y" }).contentUsage).toBe("train-ai=n, search=y");
    expect(verdict({}).contentUsage).toBeUndefined();
  });
});
