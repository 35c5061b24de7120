/** Broken XML feeds and sitemaps (SPEC EXT-1, SEC-4): truncated, unclosed tags, or unparseable dates. */
import type { SimRequest, SimResponse } from "../http-types";
import { bodyText, isOkText } from "./body-text";
import type { BrokenXmlScenario } from "./types";

/** Cuts the document at 60 %, inside an element, as a dropped upstream connection would. */
function truncate(xml: string): string {
  const cut = Math.floor(xml.length * 0.6);
  const insideTag = xml.indexOf(">", cut);
  return xml.slice(0, insideTag > 0 ? insideTag - 1 : cut);
}

/** Drops some closing tags and the document's end, and adds a bare ampersand. */
function unclose(xml: string): string {
  let dropped = 0;
  return xml
    .replace(/<\/title>/g, (m) => (dropped++ % 3 === 1 ? "" : m))
    .replace(/<\/(channel|feed|urlset|sitemapindex)>\s*<\/rss>\s*$|<\/(feed|urlset|sitemapindex)>\s*$/, "")
    .replace("</description>", " Tom & Jerry</description>");
}

/** Replaces dates with text no date parser accepts; a reader must keep them unknown, never "now". */
function badDates(xml: string): string {
  return xml
    .replace(/<pubDate>[^<]*<\/pubDate>/g, "<pubDate>ayer por la tarde</pubDate>")
    .replace(/<(published|updated|lastmod|news:publication_date)>[^<]*<\/\1>/g, "<$1>2025-13-45T25:61:00+01:00</$1>");
}

/** Damages the normal XML body. */
export async function brokenXml(s: BrokenXmlScenario, _req: SimRequest, next: () => Promise<SimResponse>): Promise<SimResponse> {
  const res = await next();
  const xml = bodyText(res);
  if (!isOkText(res) || xml === undefined) return res;
  const damage = s.damage ?? "truncated";
  const body = damage === "truncated" ? truncate(xml) : damage === "unclosed" ? unclose(xml) : badDates(xml);
  return { ...res, body };
}
