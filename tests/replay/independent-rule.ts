/**
 * A second reading of a front page, independent of the product's parser (tests/replay/README.md):
 * regular expressions over the source, no tokenizer shared with crawler/parse. Every heading
 * h1–h5 outside scripts is a teaser title candidate; its article link is the link wrapping it,
 * else the link inside it, else the link that closed just before it (a teaser that puts its
 * link first). Only same-site links with an article's shape (a long slug or a long number)
 * count; the first teaser of an article fixes its place. The title drops a kicker: when the
 * heading is two or more child elements, the last one of two words or more.
 */
import { decodeHTML } from "entities";

const DROP = /<(script|style|noscript|template|svg)\b[^]*?<\/\1\s*>/gi;
const HEADING = /<h([1-5])\b[^>]*>([^]*?)<\/h\1\s*>/gi;
const OPEN_A = /<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')[^>]*>/gi;

function text(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** Top-level child elements' text of a heading's inner HTML. */
function children(inner: string): { parts: string[]; loose: boolean } {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  let loose = "";
  for (const token of inner.split(/(<\/?[a-z][^>]*>)/i)) {
    const tag = /^<(\/)?([a-z0-9]+)/i.exec(token);
    const isVoid = tag && /^(br|img|wbr|source|input|hr)$/i.test(tag[2]!);
    if (tag && !isVoid) {
      if (tag[1]) {
        depth--;
        if (depth === 0) {
          parts.push(text(current));
          current = "";
        }
      } else depth++;
      if (depth > 0 && !(depth === 1 && !tag[1])) current += token;
      continue;
    }
    if (depth > 0) current += token;
    else loose += token;
  }
  return { parts: parts.filter((p) => /\p{L}/u.test(p)), loose: /\p{L}/u.test(text(loose)) };
}

function title(inner: string): string {
  const { parts, loose } = children(inner);
  if (!loose && parts.length >= 2) {
    for (let i = parts.length - 1; i >= 1; i--) if (parts[i]!.split(" ").filter((w) => /\p{L}/u.test(w)).length >= 2) return parts[i]!;
  }
  return text(inner);
}

function articleLink(href: string, page: URL): string | undefined {
  let url: URL;
  try {
    url = new URL(decodeHTML(href), page);
  } catch {
    return undefined;
  }
  const host = (h: string) => h.split(".").slice(-2).join(".");
  if (!/^https?:$/.test(url.protocol) || host(url.hostname) !== host(page.hostname)) return undefined;
  const last = url.pathname.split("/").filter(Boolean).at(-1) ?? "";
  if (/^(thema|tag|autor|suche)$/i.test(url.pathname.split("/")[1] ?? "")) return undefined;
  return /\d{5,}/.test(url.pathname) || last.split("-").length >= 4 ? url.origin + url.pathname : undefined;
}

/** The teasers of a page by the independent rule, in page order: article URL (no query) and title. */
export function independentTeasers(html: string, pageUrl: string): { url: string; title: string }[] {
  const page = new URL(pageUrl);
  const src = html.replace(DROP, "");
  // Each link's span in the source: [start of <a>, end of </a>].
  const links: { start: number; end: number; href: string }[] = [];
  for (const m of src.matchAll(OPEN_A)) {
    const start = m.index;
    const close = src.indexOf("</a", start);
    links.push({ start, end: close < 0 ? start : close, href: m[2] ?? m[3] ?? "" });
  }
  const out: { url: string; title: string }[] = [];
  const seen = new Set<string>();
  let li = 0;
  for (const h of src.matchAll(HEADING)) {
    const start = h.index;
    const end = start + h[0].length;
    while (li < links.length && links[li]!.start < start) li++;
    const before = links.slice(Math.max(0, li - 3), li).reverse();
    const wrapping = before.find((l) => l.end > end);
    const inside = links[li] && links[li]!.start < end ? links[li] : undefined;
    const previous = before.find((l) => l.end < start && start - l.end < 400);
    const link = wrapping ?? inside ?? previous;
    if (!link) continue;
    const url = articleLink(link.href, page);
    if (!url || seen.has(url)) continue;
    const t = title(h[2]!);
    if (!/\p{L}/u.test(t)) continue;
    seen.add(url);
    out.push({ url, title: t });
  }
  return out;
}
