import { describe, expect, it } from "vitest";
import { discoverFeeds } from "../../../crawler/parse/html/discovery";

describe("source discovery", () => {
  it("CFG-2: the feeds a home page announces are found, resolved and de-duplicated", () => {
    const html = `<!doctype html><html><head>
      <link rel="alternate" type="application/rss+xml" title="Portada" href="/rss/portada.xml">
      <link rel="alternate" type="application/atom+xml" href="https://feeds.uno.test/atom.xml?utm_source=x">
      <link rel="alternate" type="application/rss+xml" href="/rss/portada.xml#again">
      <link rel="alternate" hreflang="en" href="/en/">
      <link rel="stylesheet" type="text/css" href="/s.css">
      </head><body><link rel="alternate" type="application/rss+xml" href="/not-in-head.xml"></body></html>`;
    expect(discoverFeeds(html, "https://www.uno.test/")).toEqual([
      "https://www.uno.test/rss/portada.xml",
      "https://feeds.uno.test/atom.xml",
    ]);
  });

  it("CFG-2: a page without feeds, or garbage, gives nothing", () => {
    expect(discoverFeeds("<html><head><title>x</title></head></html>", "https://www.uno.test/")).toEqual([]);
    expect(discoverFeeds(new Uint8Array([0, 255, 1, 2, 3]), "https://www.uno.test/")).toEqual([]);
  });
});
