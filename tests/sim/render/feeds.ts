/**
 * RSS 2.0 and Atom feeds. Items carry title, link, dates, creator, category and a
 * description lede; the lede is text that must never be stored (SPEC STO-3).
 */
import type { SimOutlet } from "../outlets";
import { cdata, esc, isoDate, rfc822Date } from "./format";

/** One feed entry, already resolved to URLs and live text. */
export interface FeedEntry {
  url: string;
  title: string;
  publishedAt: number;
  updatedAt: number;
  authors: string[];
  section: string;
  lede: string;
}

/** What a feed document needs besides its entries. */
export interface FeedContext {
  outlet: SimOutlet;
  feedUrl: string;
  homeUrl: string;
  /** Simulated now; used for lastBuildDate. */
  now: number;
  /** Feed title suffix, e.g. "Portada" or "Política". */
  label: string;
}

// Accents, ¿ and € in the channel text make charset bugs visible on every feed.
const channelDescription = (o: SimOutlet) =>
  `Noticias de España y del mundo en ${o.name}. ¿Quiere más? Suscripción desde 1 € al mes; lo más leído, cada mañana.`;

/** RSS 2.0 with the dc namespace; titles in CDATA or escaped depending on the outlet. */
export function renderRss(ctx: FeedContext, entries: readonly FeedEntry[]): string {
  const { outlet } = ctx;
  const tz = outlet.localTimes ? outlet.timezone : undefined;
  const text = (s: string) => (outlet.cdata ? cdata(s) : esc(s));
  const items = entries.map((e) =>
    [
      "    <item>",
      `      <title>${text(e.title)}</title>`,
      `      <link>${esc(e.url)}</link>`,
      `      <guid isPermaLink="true">${esc(e.url)}</guid>`,
      `      <pubDate>${rfc822Date(e.publishedAt, tz)}</pubDate>`,
      ...e.authors.map((a) => `      <dc:creator>${text(a)}</dc:creator>`),
      `      <category>${text(e.section)}</category>`,
      `      <description>${text(e.lede)}</description>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${esc(`${outlet.name} — ${ctx.label}`)}</title>`,
    `    <link>${esc(ctx.homeUrl)}</link>`,
    `    <atom:link href="${esc(ctx.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${esc(channelDescription(outlet))}</description>`,
    "    <language>es-ES</language>",
    `    <lastBuildDate>${rfc822Date(ctx.now, tz)}</lastBuildDate>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Atom 1.0 (RFC 4287). */
export function renderAtom(ctx: FeedContext, entries: readonly FeedEntry[]): string {
  const tz = ctx.outlet.localTimes ? ctx.outlet.timezone : undefined;
  const updated = entries.reduce((max, e) => Math.max(max, e.updatedAt), 0) || ctx.now;
  const items = entries.map((e) =>
    [
      "  <entry>",
      `    <title type="text">${esc(e.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${esc(e.url)}"/>`,
      `    <id>${esc(e.url)}</id>`,
      `    <published>${isoDate(e.publishedAt, tz)}</published>`,
      `    <updated>${isoDate(e.updatedAt, tz)}</updated>`,
      ...e.authors.map((a) => `    <author><name>${esc(a)}</name></author>`),
      `    <category term="${esc(e.section)}"/>`,
      `    <summary type="text">${esc(e.lede)}</summary>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">',
    `  <title>${esc(`${ctx.outlet.name} — ${ctx.label}`)}</title>`,
    `  <subtitle>${esc(channelDescription(ctx.outlet))}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${esc(ctx.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${esc(ctx.homeUrl)}"/>`,
    `  <id>${esc(ctx.feedUrl)}</id>`,
    `  <updated>${isoDate(updated, tz)}</updated>`,
    ...items,
    "</feed>",
    "",
  ].join("\n");
}
