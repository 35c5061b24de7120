/**
 * Front pages (SPEC EXT-3): the positions in reading order, with their headline and rank
 * (1 = first). A position is a teaser (positions.ts, docs/positions.md): an article keeps the
 * place and the title of its first teaser; on a page built of teasers, article links outside
 * them (strips, rails, related links) are returned apart, unranked. Navigation, header/footer
 * chrome, ads, sections, tags, authors, account/cart paths and off-site links are left out.
 * URLs are canonical (EXT-5). Only link URLs and headline-sized text leave this module (STO-3).
 */
import { detachedString } from "../../../lib/detached-string";
import { tryCanonicalUrl } from "../../../lib/urls";
import { siteOf } from "../../../lib/registrable-domain";
import { betterHeadline, HeadlineTier, type HeadlineCandidate } from "./headline";
import { readsTeasers, replacesHeadline, teaserLinks } from "./positions";
import { scanFrontPage } from "./scan";
import { hasArticleShape, isUtilityUrl } from "./urls";
import { decodeHtml, htmlForParsing, resolveBase } from "../html/document";

/** One ranked article link of a front page. */
export interface FrontPageLink {
  url: string;
  headline: string;
  rank: number;
}

/** What a front page shows: its main ranking, rank 1 first, and its other article links. */
export interface FrontPage {
  links: FrontPageLink[];
  /**
   * Article links outside the main ranking (strips, rails, related links, lists of bare
   * links: positions.ts), in page order, each once and never one of `links`. They are
   * sightings of the article, not positions: they carry no rank.
   */
  others?: { url: string; headline: string }[];
}

// A self-contained <svg>…</svg> with no link, script or nested svg inside: an icon. The
// tempered pattern cannot run from a "<svg" in a script string over real markup.
const INLINE_SVG = /<svg\b(?:(?!<\/?(?:svg|a|script)\b)[^])*?<\/svg\s*>/gi;
/** A CDATA opener outside foreign content, up to the `>` where HTML ends it. */
const STRAY_CDATA = /<!\[CDATA\[[^>]*>?/g;
// Schemes that are never pages; canonicalUrl refuses them too, this just skips the work.
const NOT_HTTP = /^(?:javascript|mailto|tel|sms|data|whatsapp|fb-messenger|intent):/i;
const SPONSORED = /(?:^|\s)sponsored(?:\s|$)/i;

/** Verdicts on hrefs lately seen (page, base, rel, href → article URL or null), first in, first out. */
const judged = new Map<string, string | null>();
const JUDGED = 20_000;
/** Longer keys (hostile hrefs) are judged every time, not kept: the map stays a few MB. */
const MAX_JUDGED_KEY = 1_000;

function siteOrUndefined(url: string): string | undefined {
  try {
    return siteOf(url);
  } catch {
    return undefined;
  }
}

/** The canonical article URL an anchor points to, or undefined when it is not an article link. */
function articleUrl(
  rawHref: string,
  rel: string | undefined,
  base: string,
  page: string,
  siteOfHost: (host: string) => string | undefined,
): string | undefined {
  const href = rawHref.trim();
  if (href === "" || href.startsWith("#") || NOT_HTTP.test(href)) return undefined;
  // rel=sponsored marks paid links (ads); they are not editorial choices.
  if (SPONSORED.test(rel ?? "")) return undefined;
  const url = tryCanonicalUrl(href, base);
  if (url === undefined || url === page) return undefined;
  const parsed = new URL(url);
  if (siteOfHost(parsed.hostname) !== siteOfHost("")) return undefined; // off-site (EXT-3)
  return !isUtilityUrl(parsed) && hasArticleShape(parsed) ? url : undefined;
}

/** EXT-3: the ranked article links of a front page; bad input gives `{ links: [] }`, never throws. */
export function extractFrontPage(html: Uint8Array | string, url: string, contentType?: string): FrontPage {
  try {
    const page = tryCanonicalUrl(url);
    const site = page === undefined ? undefined : siteOrUndefined(page);
    if (page === undefined || site === undefined) return { links: [] };
    // Inline SVG icons are thousands of nodes on real front pages and never hold a headline.
    // Outside SVG and MathML, HTML reads `<![CDATA[` as a bogus comment ending at the first `>`;
    // htmlparser2 would read on to `]]>` and could swallow the page (SEC-4): drop it as HTML does.
    const text = decodeHtml(html, contentType).replace(INLINE_SVG, "").replace(STRAY_CDATA, "");
    // One streaming pass, no DOM (frontpage-scan.ts): the links outside chrome with their headlines.
    const scan = scanFrontPage(htmlForParsing(text));
    const base = /<base[\s/>]/i.test(text) ? resolveBase(scan.baseHref, page) : page;
    // One Public Suffix List lookup per host, not per link; "" stands for the page's site.
    const sites = new Map<string, string | undefined>([["", site]]);
    const siteOfHost = (host: string) => {
      if (!sites.has(host)) sites.set(host, siteOrUndefined(host));
      return sites.get(host);
    };
    // Map iteration order is insertion order: the first sighting fixes the rank.
    const seen = new Map<string, HeadlineCandidate>();
    const judgedAnchors: { link: string; anchor: (typeof scan.anchors)[number] }[] = [];
    // A story is linked several times (photo, headline, "most read"), and mostly again at the
    // next capture: each href is judged once (the verdict depends on the page and base only).
    const prefix = `${page}\n${base}\n`;
    for (const anchor of scan.anchors) {
      const rel = anchor.rel ?? "";
      const key = `${prefix}${rel.length} ${rel}${anchor.href}`;
      let link = judged.get(key);
      if (link === undefined) {
        link = articleUrl(anchor.href, anchor.rel, base, page, siteOfHost) ?? null;
        if (key.length <= MAX_JUDGED_KEY) {
          if (judged.size >= JUDGED) judged.delete(judged.keys().next().value!);
          judged.set(detachedString(key), link); // the href is cut from the page: keep a copy, not the page
        }
      }
      if (link === null) continue;
      judgedAnchors.push({ link, anchor });
    }
    // A position is a teaser (positions.ts): where the page is built of teasers with headings,
    // links outside them (strips, rails, related links) are not positions.
    const positions = teaserLinks(judgedAnchors);
    const teasers = readsTeasers(judgedAnchors);
    for (const { link, anchor } of positions) {
      const current = seen.get(link);
      if (replacesHeadline(anchor.headline, current, teasers)) seen.set(link, anchor.headline);
    }
    const aside = new Map<string, HeadlineCandidate>();
    if (positions.length < judgedAnchors.length) {
      for (const { link, anchor } of judgedAnchors) {
        if (seen.has(link)) continue;
        const current = aside.get(link);
        if (current === undefined || betterHeadline(anchor.headline, current)) aside.set(link, anchor.headline);
      }
    }
    const links: FrontPageLink[] = [];
    for (const [link, headline] of seen) {
      // A link with no readable text anywhere on the page has no headline to record.
      if (headline.tier === HeadlineTier.None) continue;
      links.push({ url: link, headline: headline.text, rank: links.length + 1 });
    }
    const others = [...aside].filter(([, h]) => h.tier !== HeadlineTier.None).map(([url, h]) => ({ url, headline: h.text }));
    return others.length > 0 ? { links, others } : { links };
  } catch {
    return { links: [] }; // SEC-4: bad input never crashes the worker
  }
}
