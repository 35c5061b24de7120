/**
 * The outlet check's pure parts: the state of one polite request (a table), the entry it
 * proposes for the outlets file, the report's lines, and the legal-notice links of a page.
 */
import { describe, expect, it } from "vitest";
import { urlState } from "@/crawler/jobs/check-outlet";
import { findLegalLinks } from "@/crawler/parse/html/legal-links";
import type { PoliteResult } from "@/crawler/politeness/polite-client";
import type { FetchResult } from "@/lib/fetcher";
import { allUnreachable, proposeOutlet, type OutletCheck } from "@/lib/outlet-check";
import { formatCheckReport, urlLine } from "@/lib/outlet-check-report";
import { parseOutletsFile, type OutletConfig } from "@/lib/outlets-file";

const fetched = (outcome: FetchResult["outcome"], status?: number): FetchResult =>
  ({ outcome, status, url: "https://a.example/x", headers: {}, bytes: 0, startedAt: 0, endedAt: 0, durationMs: 0 }) as FetchResult;
const sent = (outcome: FetchResult["outcome"], logged: string, status?: number): PoliteResult =>
  ({ sent: true, result: fetched(outcome, status), finalUrl: "https://a.example/x", outcome: logged }) as PoliteResult;

describe("urlState", () => {
  it.each([
    [sent("ok", "ok", 200), "ok"],
    [sent("not-modified", "not-modified", 304), "ok"],
    [sent("http-error", "http-error", 404), "gone"],
    [sent("http-error", "http-error", 410), "gone"],
    [sent("http-error", "blocked", 403), "refused"],
    [sent("ok", "challenge", 200), "refused"],
    [sent("http-error", "rate-limited", 503), "failing"],
    [sent("http-error", "http-error", 500), "failing"],
    [sent("timeout", "timeout"), "failing"],
    [sent("unreachable", "unreachable"), "unreachable"],
    [{ sent: false, outcome: "robots-disallowed", url: "https://a.example/x" } as PoliteResult, "refused"],
    [{ sent: false, outcome: "backoff", url: "https://a.example/x" } as PoliteResult, "refused"],
    [{ sent: false, outcome: "too-many-redirects", url: "https://a.example/x" } as PoliteResult, "failing"],
  ])("%#: gives %s", (response, state) => {
    expect(urlState(response).state).toBe(state);
  });
});

const outlet: OutletConfig = parseOutletsFile(
  JSON.stringify([
    {
      slug: "diario",
      name: "Diario",
      homepage: "https://www.diario.example/",
      feeds: ["https://www.diario.example/rss/", "https://www.diario.example/rss/ultima-hora.xml"],
      sitemaps: ["https://www.diario.example/news.xml"],
      legalNotice: "https://www.diario.example/aviso-legal",
    },
  ]),
)[0]!;

const check = (urls: OutletCheck["urls"], extra: Partial<OutletCheck> = {}): OutletCheck => ({
  slug: "diario",
  checkedAt: 0,
  urls,
  announcedFeeds: [],
  robotsSitemaps: [],
  legalLinks: [],
  ...extra,
});

describe("proposeOutlet", () => {
  it("replaces a redirected URL by where it ended and drops what is gone", () => {
    const proposed = proposeOutlet(
      outlet,
      check([
        { field: "homepage", url: outlet.homepage, state: "ok" },
        { field: "feed", url: outlet.feeds[0]!, state: "redirected", finalUrl: "https://www.diario.example/rss/portada.xml" },
        { field: "feed", url: outlet.feeds[1]!, state: "gone", status: 404 },
        { field: "sitemap", url: outlet.sitemaps[0]!, state: "ok" },
        { field: "legalNotice", url: outlet.legalNotice!, state: "ok" },
      ]),
    );
    expect(proposed.feeds).toEqual(["https://www.diario.example/rss/portada.xml"]);
    expect(proposed.sitemaps).toEqual(outlet.sitemaps);
    expect(proposed.legalNotice).toBe(outlet.legalNotice);
  });

  it("keeps a failing or refused URL: it may answer tomorrow, and only an operator drops it", () => {
    const proposed = proposeOutlet(
      outlet,
      check([
        { field: "feed", url: outlet.feeds[0]!, state: "failing", status: 500 },
        { field: "feed", url: outlet.feeds[1]!, state: "refused", status: 403 },
        { field: "sitemap", url: outlet.sitemaps[0]!, state: "unreachable" },
      ]),
    );
    expect(proposed.feeds).toEqual(outlet.feeds);
    expect(proposed.sitemaps).toEqual(outlet.sitemaps);
  });

  it("adds an announced feed, robots.txt's news sitemap and a legal link when none of the outlet's works", () => {
    const proposed = proposeOutlet(
      outlet,
      check(
        [
          { field: "feed", url: outlet.feeds[0]!, state: "gone", status: 404 },
          { field: "feed", url: outlet.feeds[1]!, state: "gone", status: 410 },
          { field: "sitemap", url: outlet.sitemaps[0]!, state: "gone", status: 404 },
          { field: "legalNotice", url: outlet.legalNotice!, state: "gone", status: 404 },
        ],
        {
          announcedFeeds: ["https://www.diario.example/feed/"],
          robotsSitemaps: ["https://www.diario.example/sitemap-index.xml", "https://www.diario.example/sitemap-news.xml"],
          legalLinks: ["https://www.diario.example/legal/aviso"],
        },
      ),
    );
    expect(proposed.feeds).toEqual(["https://www.diario.example/feed/"]);
    expect(proposed.sitemaps).toEqual(["https://www.diario.example/sitemap-news.xml"]);
    expect(proposed.legalNotice).toBe("https://www.diario.example/legal/aviso");
  });

  it("the proposal is a valid outlets-file entry", () => {
    const proposed = proposeOutlet(
      outlet,
      check([{ field: "feed", url: outlet.feeds[0]!, state: "gone" }], { announcedFeeds: [outlet.feeds[1]!] }),
    );
    expect(() => parseOutletsFile(JSON.stringify([proposed]))).not.toThrow();
    expect(proposed.feeds).toEqual([outlet.feeds[1]]);
  });
});

describe("the report", () => {
  it("names each URL's state, the redirect's target and an error's status", () => {
    expect(urlLine({ field: "feed", url: "https://a.example/rss", state: "redirected", finalUrl: "https://a.example/feed" })).toMatch(
      /^ {2}redirected +feed +https:\/\/a\.example\/rss -> https:\/\/a\.example\/feed$/,
    );
    expect(urlLine({ field: "legalNotice", url: "https://a.example/aviso", state: "gone", status: 404, detail: "http-error" })).toMatch(
      /gone +legal notice +https:\/\/a\.example\/aviso \(404 http-error\)$/,
    );
  });

  it("says there is nothing to change when every URL answers where it is", () => {
    const ok = check([{ field: "homepage", url: outlet.homepage, state: "ok" }]);
    expect(formatCheckReport([outlet], [ok])).toMatch(/checked 1 outlets, 1 URLs: 1 ok\nnothing to change in the outlets file\n$/);
  });

  it("offline means no URL of any outlet got an answer", () => {
    expect(allUnreachable([check([{ field: "homepage", url: outlet.homepage, state: "unreachable" }])])).toBe(true);
    expect(allUnreachable([check([{ field: "homepage", url: outlet.homepage, state: "failing", status: 500 }])])).toBe(false);
    expect(allUnreachable([])).toBe(false);
  });
});

describe("findLegalLinks", () => {
  const page = `<html><head><base href="https://www.diario.example/"></head><body>
    <a href="/economia/legalizacion-1.html">Una noticia</a>
    <footer><a href="/info/legal/">Legal</a> <a href="/contacto/aviso-legal.html#vca=footer">Aviso legal</a>
    <a href="https://otro.example/aviso-legal">Aviso legal de otro</a></footer></body></html>`;

  it("finds the footer's aviso legal first, on the page's own site, without the fragment", () => {
    expect(findLegalLinks(page, "https://www.diario.example/")).toEqual([
      "https://www.diario.example/contacto/aviso-legal.html",
      "https://www.diario.example/info/legal/",
    ]);
  });

  it("finds nothing on a page without one", () => {
    expect(findLegalLinks("<p>hola</p>", "https://www.diario.example/")).toEqual([]);
  });
});
