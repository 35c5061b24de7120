/**
 * JSON Feed 1.1 and 1.0 (https://jsonfeed.org/version/1.1, `application/feed+json`) to
 * FeedItems (SPEC EXT-1), as RSS and Atom items are read: the item's `url` (else an `id`
 * that is an http(s) URL), its title, `date_published` (else `date_modified`), first tag,
 * and bylines from `authors` (1.1) or `author` (1.0). `content_html` and `content_text` are
 * bodies and are never read; `summary` is the lede, only when asked for (STO-3).
 */
import { parseFeedDate, type DateOptions } from "../dates";
import { MAX_HEADLINE, inlineText, resolveHref } from "../xml/query";
import { authorNames } from "./authors";
import type { FeedItem } from "./item";

const MAX_LEDE = 1_000;
const MAX_SECTION = 80;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** True when the text is a JSON document rather than XML (a feed's first character tells). */
export function looksLikeJson(text: string): boolean {
  return /^\s*\{/.test(text);
}

/** The items of a JSON Feed, one per article URL (first wins); `[]` when it is not one. */
export function parseJsonFeed(text: string, feedUrl: string, options: { ledes?: boolean } & DateOptions = {}): FeedItem[] {
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isObject(feed) || !/^https?:\/\/jsonfeed\.org\/version\/1(\.\d+)?\/?$/.test(str(feed.version) ?? "") || !Array.isArray(feed.items))
    return [];
  const items: FeedItem[] = [];
  const seen = new Set<string>();
  for (const raw of feed.items) {
    const item = isObject(raw) ? jsonFeedItem(raw, feedUrl, options) : undefined;
    if (!item || seen.has(item.url)) continue;
    seen.add(item.url);
    items.push(item);
  }
  return items;
}

function jsonFeedItem(raw: Json, feedUrl: string, options: { ledes?: boolean } & DateOptions): FeedItem | undefined {
  const id = str(raw.id);
  const href = str(raw.url) ?? (id && /^https?:\/\//i.test(id.trim()) ? id : undefined);
  const url = href ? resolveHref(href.trim(), feedUrl, [], true) : undefined;
  const title = inlineText(str(raw.title) ?? "");
  if (!url || !title || title.length > MAX_HEADLINE) return undefined;
  const authors = (Array.isArray(raw.authors) ? raw.authors : [raw.author]).flatMap((a) =>
    isObject(a) && typeof a.name === "string" ? [a.name] : [],
  );
  const item: FeedItem = { url, title, authors: authorNames(authors) };
  const publishedAt = parseFeedDate(str(raw.date_published), options) ?? parseFeedDate(str(raw.date_modified), options);
  if (publishedAt) item.publishedAt = publishedAt;
  const tag = Array.isArray(raw.tags) ? raw.tags.map((t) => inlineText(str(t) ?? "")).find((t) => t !== "") : undefined;
  if (tag) item.section = tag.slice(0, MAX_SECTION).trim();
  if (options.ledes) {
    const lede = inlineText(str(raw.summary) ?? "").slice(0, MAX_LEDE);
    if (lede) item.lede = lede;
  }
  return item;
}
