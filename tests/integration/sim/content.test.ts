import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimOutlet } from "../../sim/index";
import { all, get, startSim, unescape, type SimFixture } from "./helpers";

interface JsonLd {
  "@type": string;
  headline: string;
  datePublished: string;
  dateModified: string;
  articleSection: string;
  author: { name: string }[];
  isAccessibleForFree: boolean;
}

const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}") as JsonLd;

describe("simulated content", () => {
  let f: SimFixture;
  let rssOutlet: SimOutlet;
  beforeAll(async () => {
    f = await startSim();
    rssOutlet = f.sim.outlets.find((o) => o.feedFormat === "rss" && o.multiHost)!;
  });
  afterAll(() => f.sim.close());

  it("serves a default robots.txt that allows all but search and user paths and names the sitemap", async () => {
    const o = f.sim.outlets[0]!;
    const r = await get(f.sim, `http://${o.hosts.www}/robots.txt`);
    expect(r.headers["content-type"]).toMatch(/^text\/plain/);
    expect(r.text).toMatch(/User-agent: \*\nDisallow: \/buscar\nDisallow: \/usuario\/\n/);
    expect(r.text).toContain("Allow: /\n");
    expect(r.text).toContain(`Sitemap: http://${o.hosts.sitemaps}/sitemaps/index.xml`);
  });

  it("serves an RSS 2.0 feed of 30 items with title, link, dates, creator, category and the lede", async () => {
    const r = await get(f.sim, rssOutlet.feeds[0]!);
    expect(XMLValidator.validate(r.text)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(r.text) as { rss: { channel: { item: Record<string, string>[] } } };
    const items = doc.rss.channel.item;
    expect(items).toHaveLength(30);
    const truth = f.sim.truth.articlesAt(f.clock.now(), { outlet: rssOutlet.slug });
    items.forEach((item, i) => {
      expect(item.link).toBe(truth[i]!.url);
      expect(item.title).toBe(truth[i]!.headline);
      expect(Date.parse(item.pubDate!)).toBe(Math.floor(truth[i]!.publishedAt / 1000) * 1000);
      expect(item["dc:creator"]).toBeTruthy();
      expect(item.category).toBe(truth[i]!.section);
      expect(item.description).toBe(f.sim.truth.textOf(truth[i]!.id)!.lede);
    });
  });

  it("serves Atom feeds for some outlets, and a second section feed for others", async () => {
    const atom = f.sim.outlets.find((o) => o.feedFormat === "atom")!;
    const r = await get(f.sim, atom.feeds[0]!);
    expect(r.headers["content-type"]).toMatch(/^application\/atom\+xml/);
    expect(r.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(all(r.text, /<entry>/g)).toHaveLength(30);
    expect(r.text).toMatch(/<published>[^<]+<\/published>\s*<updated>[^<]+<\/updated>\s*<author><name>/);
    const sectioned = f.sim.outlets.find((o) => o.sectionFeed)!;
    const section = await get(f.sim, sectioned.feeds[1]!);
    const categories = new Set(all(section.text, /<category>(?:<!\[CDATA\[)?([^<\]]+)/g));
    expect(section.status).toBe(200);
    expect(categories.size).toBe(1);
  });

  it("serves a Google News sitemap and a sitemap index pointing to it", async () => {
    const o = rssOutlet;
    const index = await get(f.sim, o.sitemaps[0]!);
    const newsUrl = /<loc>([^<]+)<\/loc>/.exec(index.text)?.[1];
    expect(index.text).toContain("<sitemapindex");
    expect(newsUrl).toBe(`http://${o.hosts.sitemaps}/sitemaps/news.xml`);
    const news = await get(f.sim, newsUrl!);
    expect(XMLValidator.validate(news.text)).toBe(true);
    expect(news.text).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    const titles = all(news.text, /<news:title>([^<]+)<\/news:title>/g).map(unescape);
    expect(titles.length).toBeGreaterThan(100);
    expect(all(news.text, /<news:publication_date>([^<]+)</g).every((d) => !Number.isNaN(Date.parse(d)))).toBe(true);
    expect(titles[0]).toBe(f.sim.truth.articlesAt(f.clock.now(), { outlet: o.slug })[0]!.headline);
  });

  it("serves a newspaper-like front page: nav, tags, authors, ads, login and cart, legal footer, off-site links", async () => {
    const r = await get(f.sim, rssOutlet.homepage);
    const hrefs = all(r.text, /href="([^"]+)"/g);
    expect(hrefs).toEqual(expect.arrayContaining(["/politica/", "/login", "/suscripcion", "/carrito", "/aviso-legal", "/privacidad"]));
    expect(hrefs.some((h) => h.startsWith("/tag/"))).toBe(true);
    expect(hrefs.some((h) => h.startsWith("/autor/"))).toBe(true);
    expect(all(r.text, /<div class="ad[ "]/g).length).toBeGreaterThanOrEqual(5);
    expect(hrefs.some((h) => h.startsWith("https://anuncios.example/"))).toBe(true);
    expect(hrefs.some((h) => h.startsWith("https://redsocial.example/"))).toBe(true);
    expect(r.text).toContain(`<link rel="alternate" type="application/rss+xml"`);
  });

  it("lists about 60 articles in rank order, each linked by image and headline, matching the ground truth", async () => {
    // The Spanish-class markup: a heading per teaser, a "Directo" label before its link.
    const o = f.sim.outlets.find((x) => f.sim.truth.frontPageFurnitureAt(x.slug, f.clock.now()).layout === "es")!;
    const r = await get(f.sim, o.homepage);
    const headlineLinks = [
      ...r.text.matchAll(/<h([23]) class="titular">(?:<span class="directo">[^<]+<\/span> )?<a href="([^"]+)">([^<]+)<\/a>/g),
    ].map((m) => ({ url: m[2], headline: unescape(m[3] ?? "") }));
    const truth = f.sim.truth.frontPageAt(o.slug, f.clock.now());
    expect(truth.length).toBe(60);
    // A second teaser repeats an article shown higher: its first teaser is its place.
    const first = headlineLinks.filter((l, i) => headlineLinks.findIndex((x) => x.url === l.url) === i);
    expect(first).toEqual(truth.map((s) => ({ url: s.url, headline: s.headline })));
    expect(headlineLinks.length).toBe(60 + f.sim.truth.frontPageFurnitureAt(o.slug, f.clock.now()).repeated.length);
    const lead = truth[0]!.url;
    expect(all(r.text, /href="([^"]+)"/g).filter((h) => h === lead).length).toBeGreaterThanOrEqual(2);
    expect(r.text).toContain(`<a class="foto" href="${lead}">`);
  });

  it("EXT-3: every markup carries the furniture around the teasers: ticker, trending strip, kickers, labels, related links, rail, footer links", async () => {
    const layouts = new Set<string>();
    for (const o of f.sim.outlets.slice(0, 3)) {
      const furniture = f.sim.truth.frontPageFurnitureAt(o.slug, f.clock.now());
      layouts.add(furniture.layout);
      const r = await get(f.sim, o.homepage);
      for (const url of [
        ...furniture.ticker,
        ...furniture.trending,
        ...furniture.rail,
        ...furniture.footer,
        ...[...furniture.related.values()].flat(),
      ])
        expect(r.text, `${o.slug} ${url}`).toContain(`href="${url}"`);
      expect(r.text).toContain("Última hora");
      expect(r.text).toContain("Lo más leído");
      expect(r.text).toMatch(/Exclusiva/);
    }
    expect([...layouts].sort()).toEqual(["bare", "en", "es"]);
  });

  it("serves article pages with canonical, Open Graph, JSON-LD NewsArticle and the body sentences", async () => {
    const [a] = f.sim.truth.articlesAt(f.clock.now(), { outlet: rssOutlet.slug });
    const r = await get(f.sim, a!.url);
    expect(r.text).toContain(`<link rel="canonical" href="${a!.url}">`);
    expect(r.text).toContain(`<meta property="og:url" content="${a!.url}">`);
    const ld = jsonLdOf(r.text);
    expect(ld).toMatchObject({ "@type": "NewsArticle", headline: a!.headline, articleSection: a!.section, isAccessibleForFree: a!.free });
    expect(Date.parse(ld.datePublished)).toBe(Math.floor(a!.publishedAt / 1000) * 1000);
    expect(Date.parse(ld.dateModified)).toBeGreaterThanOrEqual(Date.parse(ld.datePublished));
    expect(ld.author.map((x) => x.name)).toEqual(a!.authors);
    const text = f.sim.truth.textOf(a!.id)!;
    expect(text.sentences.length).toBeGreaterThanOrEqual(8);
    for (const s of text.sentences) {
      expect(unescape(r.text)).toContain(s);
      expect(s).toContain(text.token);
    }
  });

  it("never repeats a body or lede sentence across articles, and keeps tokens out of headlines and URLs", () => {
    const articles = f.sim.truth.articlesAt(f.clock.now(), { windowMs: 3 * 3_600_000 });
    const seen = new Map<string, string>();
    for (const a of articles) {
      const text = f.sim.truth.textOf(a.id)!;
      for (const s of [text.lede, ...text.sentences]) {
        const key = a.agency ? `${a.storyId}` : a.id;
        // Wire copy is shared on purpose, by every outlet running the same story.
        if (seen.has(s)) expect(seen.get(s)).toBe(key);
        seen.set(s, key);
      }
      expect(a.url).not.toContain(text.token);
      expect(a.headlineVersions.some((v) => v.text.includes(text.token))).toBe(false);
    }
    expect(seen.size).toBeGreaterThan(articles.length * 8);
  });

  it("marks some articles paywalled with isAccessibleForFree false and a .paywall part", async () => {
    const paywalled = f.sim.truth.articlesAt(f.clock.now(), { windowMs: 12 * 3_600_000 }).find((a) => !a.free)!;
    const r = await get(f.sim, paywalled.url);
    const ld = jsonLdOf(r.text);
    expect(ld.isAccessibleForFree).toBe(false);
    expect(r.text).toContain('"cssSelector":".paywall"');
    expect(r.text).toContain('<div class="cuerpo paywall">');
  });

  it("reserves TDM by meta tag, by header or by tdmrep.json depending on the outlet", async () => {
    const now = f.clock.now();
    const firstUrl = (mode: string) => {
      const o = f.sim.outlets.find((x) => x.tdm === mode)!;
      return { o, url: f.sim.truth.articlesAt(now, { outlet: o.slug })[0]!.url };
    };
    const meta = firstUrl("meta");
    expect((await get(f.sim, meta.url)).text).toContain('<meta name="tdm-reservation" content="1">');
    const header = firstUrl("header");
    expect((await get(f.sim, header.url)).headers["tdm-reservation"]).toBe("1");
    const file = firstUrl("file");
    const rep = await get(f.sim, `http://${file.o.hosts.www}/.well-known/tdmrep.json`);
    expect(JSON.parse(rep.text)).toEqual([expect.objectContaining({ location: "/", "tdm-reservation": 1 })]);
    const none = f.sim.outlets.find((x) => x.tdm === "none")!;
    expect((await get(f.sim, `http://${none.hosts.www}/.well-known/tdmrep.json`)).status).toBe(404);
  });

  it("serves a legal notice that names the company and changes monthly", async () => {
    const o = f.sim.outlets[0]!;
    const march = await get(f.sim, o.legalNotice);
    expect(march.text).toContain("Aviso legal");
    expect(march.text).toContain("Ley 34/2002");
    expect(march.text).toContain("Revisión 202503");
    expect(march.headers["last-modified"]).toBe("Sat, 01 Mar 2025 00:00:00 GMT");
  });

  it("answers 404 for unpublished articles and redirects stale slugs to the canonical path", async () => {
    const o = rssOutlet;
    const a = f.sim.truth.articlesAt(f.clock.now(), { outlet: o.slug }).find((x) => !x.storyId);
    const stale = a!.url.replace(/\/[^/]+-((?:a|s)-?\d+)\.html$/, "/titular-antiguo-$1.html");
    const r = await get(f.sim, stale);
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(a!.url);
    const future = a!.url.replace(/-(a)(\d+)\.html$/, (_m, p: string, n: string) => `-${p}${Number(n) + 50}.html`);
    expect((await get(f.sim, future)).status).toBe(404);
  });
});
