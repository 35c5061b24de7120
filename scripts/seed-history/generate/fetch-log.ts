/**
 * The request log of an outlet's site (STO-5) over the last days of the range, hour by
 * hour: robots.txt daily, two feeds every 10 min (mostly 304), the news sitemap every
 * 15 min, each front-page capture, and each article read.
 */
import type { Random } from "./random";
import type { GenArticle, GenCapture, GenFetch, GenOutlet } from "./types";

const HOUR = 3_600_000;
const MINUTE = 60_000;

const statusOf: Record<string, number | null> = {
  ok: 200,
  "not-modified": 304,
  timeout: null,
  "http-error": 500,
  unreachable: null,
  blocked: 403,
};

/** Requests of `outlet` in [from, to), in time order. */
export function fetchLog(
  random: Random,
  outlet: GenOutlet,
  articles: readonly GenArticle[],
  captures: readonly GenCapture[],
  from: number,
  to: number,
): GenFetch[] {
  const rows: GenFetch[] = [];
  const add = (at: number, url: string, kind: string, outcome: string, bytes: number) =>
    rows.push({
      at,
      siteDomain: outlet.domain,
      url,
      kind,
      status: statusOf[outcome] ?? null,
      outcome,
      bytes: outcome === "ok" ? bytes : 0,
      durationMs: Math.floor(60 + random.exponential(250)),
    });
  for (let hour = Math.ceil(from / HOUR) * HOUR; hour < to; hour += HOUR) {
    if ((hour / HOUR) % 24 === 3) add(hour + random.int(0, 59) * MINUTE, `https://www.${outlet.domain}/robots.txt`, "robots", "ok", 900);
    for (const [i, feed] of outlet.feeds.entries()) {
      for (let m = 0; m < 60; m += 10)
        add(hour + (m + i * 3) * MINUTE + random.int(0, 50) * 1000, feed, "feed", random.chance(0.7) ? "not-modified" : "ok", 40_000);
    }
    for (let m = 5; m < 60; m += 15)
      add(hour + m * MINUTE + random.int(0, 50) * 1000, outlet.sitemap, "sitemap", random.chance(0.5) ? "not-modified" : "ok", 120_000);
  }
  for (const c of captures) if (c.at >= from && c.at < to) add(c.at, outlet.homepage, "frontpage", c.outcome, 350_000);
  for (const a of articles)
    if (a.firstSeenAt >= from && a.firstSeenAt < to) add(a.firstSeenAt + random.int(1, 20) * MINUTE, a.url, "article", "ok", 180_000);
  return rows.filter((r) => r.at < to).sort((x, y) => x.at - y.at);
}
