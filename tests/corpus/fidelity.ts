/**
 * Fidelity of the product's parsers on the real-document corpus: each document is run
 * through the real parser (crawler/parse) and compared with the expectations checked by
 * hand in the manifest. Used by `npm run bench -- fidelity` and by the unit tests.
 *
 * Checks, per kind:
 * - front pages (EXT-3): the expected first links all within the top 15, in order; no
 *   non-article (a link not among the page's article links) in the top 10; the distinct
 *   count within ±10 % (a page with no article links must give none);
 * - articles (EXT-4, EXT-5, SIG-1..3): each field the manifest states (headline, dates,
 *   section, authors, isAccessibleForFree, canonical, meta robots (and Googlebot's, kept
 *   apart), TDM reservation, the
 *   first words of the body — or no body when the page is not open);
 * - feeds (EXT-1) and sitemaps (EXT-2): the entry count and the first entry's fields.
 */
import { parseFeed } from "../../crawler/parse/feed/feed";
import { extractArticle } from "../../crawler/parse/article/article";
import { extractFrontPage } from "../../crawler/parse/frontpage/frontpage";
import { parseSitemap } from "../../crawler/parse/sitemap/sitemap";
import { tryCanonicalUrl } from "../../lib/urls";
import {
  readCorpusFile,
  type ArticleExpectation,
  type CorpusFile,
  type CorpusKind,
  type FeedExpectation,
  type FrontPageExpectation,
  type Manifest,
  type SitemapExpectation,
} from "./manifest";

/** One check that failed, in words. */
export interface Miss {
  file: string;
  check: string;
  expected: string;
  got: string;
}

export interface KindScore {
  kind: CorpusKind;
  files: number;
  passed: number;
  total: number;
  misses: Miss[];
  /** Front pages only: pages meeting all three front-page checks. */
  pagesPassing?: number;
}

const norm = (s: string | null | undefined) => (s ?? "").normalize("NFC").replace(/\s+/g, " ").trim();
const same = (a: string | null | undefined, b: string | null | undefined) => norm(a) === norm(b);
const sameUrl = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && (tryCanonicalUrl(a) ?? a) === (tryCanonicalUrl(b) ?? b);
const iso = (d: Date | undefined) => (d === undefined ? "(none)" : d.toISOString());
const sameInstant = (d: Date | undefined, expected: string) => d !== undefined && d.getTime() === Date.parse(expected);
const short = (s: string) => (s.length > 140 ? `${s.slice(0, 137)}…` : s);

class Tally {
  passed = 0;
  total = 0;
  readonly misses: Miss[] = [];
  constructor(readonly file: string) {}
  check(check: string, ok: boolean, expected: string, got: string): boolean {
    this.total++;
    if (ok) this.passed++;
    else this.misses.push({ file: this.file, check, expected: short(expected), got: short(got) });
    return ok;
  }
}

function scoreFrontPage(file: CorpusFile, bytes: Buffer, t: Tally): boolean {
  const expect = file.expect as FrontPageExpectation;
  const page = extractFrontPage(bytes, file.url!, file.contentType ?? undefined);
  const links = page.links;
  // Distinct article links: the main ranking's and those outside it (rails, strips, related links).
  const distinct = links.length + (page.others?.length ?? 0);
  const top15 = links.slice(0, 15).map((l) => l.url);
  // The expected first links, each found in the top 15 and after the previous one.
  let at = -1;
  const missing: string[] = [];
  for (const e of expect.first10) {
    const found = top15.findIndex((u, i) => i > at && sameUrl(u, e.url));
    if (found < 0) missing.push(e.url);
    else at = found;
  }
  const inOrder = t.check(
    "first links in the top 15, in order",
    missing.length === 0,
    `${expect.first10.length} links`,
    missing.length === 0 ? "all" : `missing or out of order: ${missing.slice(0, 3).join(" ")}`,
  );
  const articles = new Set([...(expect.articles ?? []), ...expect.first10.map((e) => e.url)].map((u) => tryCanonicalUrl(u) ?? u));
  const strays = links.slice(0, 10).filter((l) => !articles.has(l.url));
  const clean = t.check(
    "no non-article in the top 10",
    strays.length === 0,
    "none",
    strays.map((l) => `${l.url} «${l.headline}»`).join(" "),
  );
  const within = expect.distinct === 0 ? distinct === 0 : Math.abs(distinct - expect.distinct) <= expect.distinct * 0.1;
  const count = t.check("distinct article links ±10 %", within, String(expect.distinct), String(distinct));
  return inOrder && clean && count;
}

function scoreArticle(file: CorpusFile, bytes: Buffer, t: Tally): void {
  const e = file.expect as ArticleExpectation;
  const url = file.url ?? e.canonical ?? `https://corpus.invalid/${file.name}`;
  const a = extractArticle(bytes, url, file.contentType ?? undefined);
  if (e.headline) t.check("headline", same(a.headline, e.headline), e.headline, a.headline ?? "(none)");
  if (e.publishedAt) t.check("publishedAt", sameInstant(a.publishedAt, e.publishedAt), e.publishedAt, iso(a.publishedAt));
  if (e.modifiedAt) t.check("modifiedAt", sameInstant(a.modifiedAt, e.modifiedAt), e.modifiedAt, iso(a.modifiedAt));
  if (e.section) t.check("section", norm(a.section).toLowerCase() === norm(e.section).toLowerCase(), e.section, a.section ?? "(none)");
  if (e.authors && e.authors.length > 0) {
    const got = a.authors.map((x) => norm(x).toLowerCase()).sort();
    const want = e.authors.map((x) => norm(x).toLowerCase()).sort();
    t.check("authors", got.join("|") === want.join("|"), e.authors.join(", "), a.authors.join(", ") || "(none)");
  }
  if (e.isAccessibleForFree !== undefined && e.isAccessibleForFree !== null) {
    t.check(
      "isAccessibleForFree",
      a.isAccessibleForFree === e.isAccessibleForFree,
      String(e.isAccessibleForFree),
      String(a.isAccessibleForFree),
    );
  }
  if (e.canonical) t.check("canonical", sameUrl(a.canonicalUrl, new URL(e.canonical, url).href), e.canonical, a.canonicalUrl ?? "(none)");
  if (e.metaRobots) {
    const want = [
      ...new Set(
        e.metaRobots
          .toLowerCase()
          .split(",")
          .map((d) => d.replace(/\s+/g, ""))
          .filter(Boolean),
      ),
    ].sort();
    const got = a.robots
      .filter((d) => !d.includes(":") || /^max-|^unavailable_after/.test(d))
      .map((d) => d.replace(/\s+/g, "").toLowerCase())
      .sort();
    t.check("meta robots", want.join(",") === got.join(","), want.join(","), got.join(",") || "(none)");
  }
  if (e.metaRobotsGooglebot) {
    // SIG-3 (docs/real-web.md): Googlebot's directives are recorded one by one, with its name, and are not ours.
    const want = [
      ...new Set(
        e.metaRobotsGooglebot
          .toLowerCase()
          .split(",")
          .map((d) => d.replace(/\s+/g, ""))
          .filter(Boolean),
      ),
    ].sort();
    const got = a.robots
      .filter((d) => /^googlebot(-news)?:/.test(d))
      .map((d) => d.toLowerCase())
      .sort();
    t.check("Googlebot-only meta robots", want.join(",") === got.join(","), want.join(","), got.join(",") || "(none)");
  }
  if (e.tdmReservation !== undefined && e.tdmReservation !== null) {
    t.check("TDM reservation", a.tdmReservation === (e.tdmReservation.trim() === "1"), e.tdmReservation, String(a.tdmReservation));
  }
  const reserved = e.tdmReservation?.trim() === "1";
  if (e.isAccessibleForFree === false || reserved) {
    t.check(
      "no body read when not free or reserved (SIG-1, SIG-2)",
      a.body === undefined,
      "no body",
      a.body === undefined ? "no body" : `${a.body.length} chars`,
    );
  } else if (e.bodyStart) {
    const body = norm(a.body);
    t.check("body starts as expected", body.includes(norm(e.bodyStart)), e.bodyStart, body.slice(0, 80) || "(none)");
  }
}

function scoreFeed(file: CorpusFile, bytes: Buffer, t: Tally): void {
  const e = file.expect as FeedExpectation;
  const items = parseFeed(bytes, file.url ?? `https://corpus.invalid/${file.name}`, file.contentType ?? undefined);
  t.check("item count", items.length === e.count, String(e.count), String(items.length));
  if (!e.first) return;
  const first = items[0];
  t.check("first item URL", sameUrl(first?.url, e.first.url), e.first.url, first?.url ?? "(none)");
  if (e.first.title) t.check("first item title", same(first?.title, e.first.title), e.first.title, first?.title ?? "(none)");
  if (e.first.date) t.check("first item date", sameInstant(first?.publishedAt, e.first.date), e.first.date, iso(first?.publishedAt));
}

function scoreSitemap(file: CorpusFile, bytes: Buffer, t: Tally): void {
  const e = file.expect as SitemapExpectation;
  const map = parseSitemap(bytes, file.url ?? `https://corpus.invalid/${file.name}`, file.contentType ?? undefined);
  t.check("kind", map.kind === e.kind, e.kind, map.kind);
  t.check("entry count", map.entries.length === e.count, String(e.count), String(map.entries.length));
  if (!e.first) return;
  const first = map.entries[0];
  t.check("first entry URL", sameUrl(first?.url, e.first.url), e.first.url, first?.url ?? "(none)");
  if (e.first.lastmod) t.check("first entry lastmod", sameInstant(first?.lastmod, e.first.lastmod), e.first.lastmod, iso(first?.lastmod));
  if (e.first.newsTitle)
    t.check("first entry news:title", same(first?.newsTitle, e.first.newsTitle), e.first.newsTitle, first?.newsTitle ?? "(none)");
  if (e.first.newsPublishedAt)
    t.check(
      "first entry news:publication_date",
      sameInstant(first?.newsPublishedAt, e.first.newsPublishedAt),
      e.first.newsPublishedAt,
      iso(first?.newsPublishedAt),
    );
}

/** Scores every file of one kind. The files must be materialised (see `assertCorpus`). */
export function scoreKind(manifest: Manifest, kind: CorpusKind, dir?: string): KindScore {
  const files = manifest.files.filter((f) => f.kind === kind);
  const score: KindScore = { kind, files: files.length, passed: 0, total: 0, misses: [] };
  let pagesPassing = 0;
  for (const file of files) {
    const t = new Tally(file.name);
    const bytes = readCorpusFile(file, dir);
    if (kind === "frontpages") pagesPassing += scoreFrontPage(file, bytes, t) ? 1 : 0;
    else if (kind === "articles") scoreArticle(file, bytes, t);
    else if (kind === "feeds") scoreFeed(file, bytes, t);
    else scoreSitemap(file, bytes, t);
    score.passed += t.passed;
    score.total += t.total;
    score.misses.push(...t.misses);
  }
  if (kind === "frontpages") score.pagesPassing = pagesPassing;
  return score;
}
