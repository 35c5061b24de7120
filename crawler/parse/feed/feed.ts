/**
 * Feeds to items (SPEC EXT-1): RSS 2.0, RSS 1.0/RDF, Atom and JSON Feed in any charset a server gets
 * wrong, read as far as the bytes go; a feed served as a gzip file (`.rss.gz`,
 * `application/gzip`, no Content-Encoding) is inflated as sitemaps are. Bad input gives
 * `[]`, never an exception (SEC-4).
 */
import { inflateIfGzip } from "../../fetch/bytes/gzip-file";
import { feedItem, type FeedItem } from "./item";
import { looksLikeJson, parseJsonFeed } from "./json-feed";
import { readRecords } from "../xml/xml";
import { xmlText } from "../xml/text";
import type { DateOptions } from "../dates";

export type { FeedItem } from "./item";

// Read and dropped unseen, so no lede or body can leak into an item (SPEC STO-3).
const UNREAD = new Set(["description", "encoded", "summary", "content", "subtitle", "abstract", "text"]);
// With `ledes`, descriptions and summaries are read for the in-memory fingerprint (DER-2); bodies stay unread.
const UNREAD_BUT_LEDES = new Set(["encoded", "content", "subtitle", "abstract", "text"]);

/** Options of `parseFeed` (`timeZone`: the outlet's, for dates written without one). */
export interface FeedOptions extends DateOptions {
  /** Read each item's description/summary into `lede` (in memory only, STO-3). @default false */
  ledes?: boolean;
}

/** The items of a feed, one per article URL (first wins), in document order; `[]` if none can be read. */
export function parseFeed(body: Uint8Array | string, url: string, contentType?: string, options: FeedOptions = {}): FeedItem[] {
  try {
    const bytes = typeof body === "string" ? body : inflateIfGzip(body);
    if (bytes === undefined) return [];
    const text = xmlText(bytes, contentType);
    // JSON Feed (application/feed+json), which feed discovery proposes like RSS and Atom.
    if (looksLikeJson(text)) return parseJsonFeed(text, url, options);
    const items: FeedItem[] = [];
    const seen = new Set<string>();
    readRecords(text, {
      isRecord: (local) => local === "item" || local === "entry",
      skip: options.ledes ? UNREAD_BUT_LEDES : UNREAD,
      onRecord(record) {
        const item = feedItem(record, url, options.ledes, options);
        if (!item || seen.has(item.url)) return;
        seen.add(item.url);
        items.push(item);
      },
    });
    return items;
  } catch {
    return []; // SEC-4: a feed we cannot read is an empty feed, not a crashed worker
  }
}
