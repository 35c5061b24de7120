/**
 * The outlets file's evidence (db/seed/outlets.evidence.json, docs/outlets-evidence.md): every URL
 * of the shipped outlets has a source that is not a guess, or says "sin fuente", and every source
 * names a repository, a path and a commit (or a corpus document, which names them in its manifest);
 * the counts docs/outlets-evidence.md prints are the file's own.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { readOutletsFile, type OutletConfig } from "@/lib/outlets-file";
import { readCorpusFile, readManifest } from "../corpus/manifest";

const SEED = fileURLToPath(new URL("../../db/seed/outlets.json", import.meta.url));
const EVIDENCE = fileURLToPath(new URL("../../db/seed/outlets.evidence.json", import.meta.url));
const NONE = "sin fuente";
const DOCS = fileURLToPath(new URL("../../docs/outlets-evidence.md", import.meta.url));
/** Kept aside for checking the outlets file independently: never a source here (lower case). */
const HELD_BACK = ["albertbus/news-feed", "pratikaher88/ipythonnotebooks", "defgsus/frontpage-archive-2026"];

interface Item {
  url: string;
  source: string;
  note?: string;
  checked?: string;
}
interface Fact {
  value: string;
  source: string;
  note?: string;
  checked?: string;
}
interface OutletEvidence {
  homepage: Item;
  feeds: Item[];
  sitemaps: Item[];
  legalNotice?: Item;
  timezone: Fact;
  renderMode: Fact;
}
interface EvidenceFile {
  /** A file at a commit of a repository, or a stored public page (its address, and the date it was read). */
  sources: Record<
    string,
    { repository?: string; path?: string; commit?: string; page?: string; date: string; licence?: string; what: string }
  >;
  outlets: Record<string, OutletEvidence>;
}

const evidence = JSON.parse(readFileSync(EVIDENCE, "utf8")) as EvidenceFile;
const manifest = readManifest();
const corpusEntry = (source: string) => manifest.files.find((f) => `corpus:${f.name}` === source);

/** Every cited item and fact of one outlet, with a label for messages. */
function citations(slug: string, e: OutletEvidence): [string, Item | Fact][] {
  return [
    [`${slug}.homepage`, e.homepage],
    ...e.feeds.map((f, i): [string, Item] => [`${slug}.feeds[${i}]`, f]),
    ...e.sitemaps.map((s, i): [string, Item] => [`${slug}.sitemaps[${i}]`, s]),
    ...(e.legalNotice ? [[`${slug}.legalNotice`, e.legalNotice] as [string, Item]] : []),
    [`${slug}.timezone`, e.timezone],
    [`${slug}.renderMode`, e.renderMode],
  ];
}

/** `text` as a literal inside a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Distinct article links a saved front page's static HTML yields. */
function staticLinks(source: string): number {
  const file = corpusEntry(source)!;
  const { links } = extractFrontPage(readCorpusFile(file), file.url!);
  return new Set(links.map((l) => l.url)).size;
}

describe("db/seed/outlets.evidence.json", () => {
  let outlets: OutletConfig[] = [];
  beforeAll(async () => {
    outlets = await readOutletsFile(SEED);
  });

  it("CFG-1, OPS-9: covers exactly the shipped outlets", () => {
    expect(Object.keys(evidence.outlets).sort()).toEqual(outlets.map((o) => o.slug).sort());
  });

  it("CFG-1, OPS-9: every URL of the outlets file has its evidence, and every evidence URL is the one in the file", () => {
    for (const o of outlets) {
      const e = evidence.outlets[o.slug]!;
      expect(e.homepage.url, o.slug).toBe(o.homepage);
      expect(
        e.feeds.map((f) => f.url),
        o.slug,
      ).toEqual(o.feeds);
      expect(
        e.sitemaps.map((s) => s.url),
        o.slug,
      ).toEqual(o.sitemaps);
      expect(e.legalNotice?.url, o.slug).toBe(o.legalNotice);
      expect(e.timezone.value, o.slug).toBe(o.timezone);
      expect(e.renderMode.value, o.slug).toBe(o.renderMode);
    }
  });

  it("every source is a named commit of a repository, a corpus document, or says sin fuente", () => {
    for (const [name, s] of Object.entries(evidence.sources)) {
      if (s.page !== undefined) expect(URL.canParse(s.page) && s.repository === undefined, name).toBe(true);
      else {
        expect(s.repository, name).toMatch(/^[\w.-]+\/[\w.-]+$/);
        expect(s.commit, name).toMatch(/^[0-9a-f]{40}$/);
        expect(s.path, name).toMatch(/\S/);
      }
      expect(s.date, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(s.what, name).toMatch(/\S/);
      expect(s.licence, `${name}: a licence, or "none stated"`).toMatch(/\S/);
      expect(HELD_BACK, name).not.toContain(s.repository?.toLowerCase());
    }
    const unknown: string[] = [];
    for (const [slug, e] of Object.entries(evidence.outlets)) {
      for (const [label, c] of citations(slug, e)) {
        if (c.source === NONE) continue;
        const known = c.source in evidence.sources || corpusEntry(c.source) !== undefined;
        if (!known || !c.note || !/^\d{4}-\d{2}-\d{2}$/.test(c.checked ?? "")) unknown.push(`${label}: ${c.source}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("CFG-1: legal notices with a source cover at least 25 of the shipped outlets", () => {
    const withSource = Object.entries(evidence.outlets)
      .filter(([, e]) => e.legalNotice !== undefined && e.legalNotice.source !== NONE)
      .map(([slug]) => slug);
    expect(withSource.length, withSource.join(", ")).toBeGreaterThanOrEqual(25);
  });

  it("CFG-1: the counts table of docs/outlets-evidence.md is what the evidence file holds", () => {
    const all = Object.values(evidence.outlets);
    const sourced = (c: Item | Fact | undefined) => c !== undefined && c.source !== NONE;
    const count = (test: (e: OutletEvidence) => boolean) => all.filter(test).length;
    const feeds = all.flatMap((e) => e.feeds);
    const sitemaps = all.flatMap((e) => e.sitemaps);
    const hasFeed = (e: OutletEvidence) => e.feeds.some(sourced);
    const hasSitemap = (e: OutletEvidence) => e.sitemaps.some(sourced);
    const n = all.length;
    const expected: Record<string, string> = {
      "legal notice": `${count((e) => sourced(e.legalNotice))} of ${n} outlets`,
      feeds: `${feeds.filter(sourced).length} of ${feeds.length} feeds, ${count(hasFeed)} outlets`,
      "news sitemaps": `${sitemaps.filter(sourced).length} of ${sitemaps.length} sitemaps`,
      "a feed or a news sitemap": `${count((e) => hasFeed(e) || hasSitemap(e))} of ${n} outlets (${count((e) => hasFeed(e) && hasSitemap(e))} with both)`,
      "home page": `${count((e) => sourced(e.homepage))} of ${n} outlets`,
      "render mode": `${count((e) => sourced(e.renderMode))} outlets (${count((e) => e.renderMode.value === "browser")} browser`,
      "time zone": `${count((e) => sourced(e.timezone))} outlets`,
    };
    const rows = new Map([...readFileSync(DOCS, "utf8").matchAll(/^\| ([^|]+?) \| ([^|]+?) \|/gm)].map((m) => [m[1]!, m[2]!] as const));
    for (const [field, figure] of Object.entries(expected)) expect(rows.get(field), field).toMatch(new RegExp(`^${escape(figure)}`));
  });

  it("every source is cited by some outlet", () => {
    const cited = new Set(Object.entries(evidence.outlets).flatMap(([slug, e]) => citations(slug, e).map(([, c]) => c.source)));
    expect(Object.keys(evidence.sources).filter((s) => !cited.has(s))).toEqual([]);
  });

  it("EXT-3: an outlet in browser mode names the saved front page whose static HTML holds too few teasers", () => {
    const browser = outlets.filter((o) => o.renderMode === "browser");
    expect(browser.length).toBeGreaterThan(0);
    for (const o of browser) {
      const source = evidence.outlets[o.slug]!.renderMode.source;
      expect(corpusEntry(source), o.slug).toBeDefined();
      expect(staticLinks(source), o.slug).toBeLessThan(25);
    }
  }, 60_000);

  it("EXT-3: a static outlet decided from a saved corpus front page finds plenty of teasers in it", () => {
    const decided = outlets.filter((o) => o.renderMode === "static" && corpusEntry(evidence.outlets[o.slug]!.renderMode.source));
    expect(decided.length).toBeGreaterThan(2);
    for (const o of decided) expect(staticLinks(evidence.outlets[o.slug]!.renderMode.source), o.slug).toBeGreaterThan(45);
  }, 60_000); // parsing five saved front pages: a busy machine needs more than the default 5 s
});
