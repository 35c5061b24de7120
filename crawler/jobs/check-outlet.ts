/**
 * The outlet check (`npm run outlets -- check`): each configured URL of an outlet read once
 * through the polite client — robots.txt first, our identity, the site's back-off and pacing,
 * redirects followed hop by hop under robots (the same gates as every crawl request) — and what
 * the home page and robots.txt offer in place of what is missing or gone. Nothing read is kept
 * but states, addresses and statuses (STO-3).
 */
import type { FetchKind } from "../../lib/fetcher";
import type { OutletCheck, CheckedField, UrlCheck, UrlState } from "../../lib/outlet-check";
import type { OutletConfig } from "../../lib/outlets-file";
import { discoverFeeds } from "../parse/html/discovery";
import { findLegalLinks } from "../parse/html/legal-links";
import type { PoliteClient, PoliteResult } from "../politeness/polite-client";

const KIND_OF: Record<CheckedField, FetchKind> = { homepage: "page", feed: "feed", sitemap: "sitemap", legalNotice: "legal" };

/** What one polite request came to, as a state (a table, docs/style.md §4). */
export function urlState(response: PoliteResult): Pick<UrlCheck, "state" | "status" | "detail"> {
  if (!response.sent) {
    return { state: response.outcome === "too-many-redirects" ? "failing" : "refused", detail: response.outcome };
  }
  const { result, outcome } = response;
  const status = result.status;
  const state: UrlState =
    outcome === "ok" || outcome === "not-modified"
      ? "ok"
      : status === 404 || status === 410
        ? "gone"
        : outcome === "blocked" || outcome === "challenge" || outcome === "ssrf-refused"
          ? "refused"
          : outcome === "unreachable"
            ? "unreachable"
            : "failing";
  return { state, ...(status === undefined ? {} : { status }), ...(state === "ok" ? {} : { detail: outcome }) };
}

/** Check one outlet: every configured URL once, in the outlets file's order. */
export async function checkOutlet(p: {
  client: PoliteClient;
  outlet: OutletConfig;
  now: () => number;
  signal: AbortSignal;
}): Promise<OutletCheck> {
  const { client, outlet, signal } = p;
  const wanted: [CheckedField, string][] = [
    ["homepage", outlet.homepage],
    ...outlet.feeds.map((u): [CheckedField, string] => ["feed", u]),
    ...outlet.sitemaps.map((u): [CheckedField, string] => ["sitemap", u]),
    ...(outlet.legalNotice ? [["legalNotice", outlet.legalNotice] as [CheckedField, string]] : []),
  ];
  const urls: UrlCheck[] = [];
  let home: { body: Uint8Array; url: string; contentType?: string } | undefined;
  for (const [field, url] of wanted) {
    const response = await client.request({ url, kind: KIND_OF[field] }, signal);
    const found = urlState(response);
    const moved = response.sent && response.finalUrl !== url;
    const check: UrlCheck = { field, url, ...found, ...(moved ? { finalUrl: response.finalUrl } : {}) };
    if (moved && found.state === "ok") check.state = "redirected";
    urls.push(check);
    if (field === "homepage" && response.sent && found.state === "ok" && response.result.body) {
      home = { body: response.result.body, url: response.finalUrl, contentType: response.result.headers["content-type"] };
    }
  }
  const listed = new Set(wanted.map(([, u]) => u).concat(urls.flatMap((u) => (u.finalUrl ? [u.finalUrl] : []))));
  const announcedFeeds = home ? discoverFeeds(home.body, home.url, home.contentType).filter((u) => !listed.has(u)) : [];
  // robots.txt was read before the home page (ROB-1); its Sitemap lines cost no further request.
  const origin = new URL(home?.url ?? outlet.homepage).origin;
  const rules = signal.aborted ? undefined : await client.robotsFor(origin, signal);
  const robotsSitemaps = (rules?.robots?.sitemaps ?? []).filter((u) => !listed.has(u));
  const legal = urls.find((u) => u.field === "legalNotice");
  const legalWorks = legal !== undefined && (legal.state === "ok" || legal.state === "redirected");
  const legalLinks =
    home && !legalWorks ? findLegalLinks(home.body, home.url, home.contentType).filter((u) => u !== outlet.legalNotice) : [];
  return { slug: outlet.slug, checkedAt: p.now(), urls, announcedFeeds, robotsSitemaps, legalLinks };
}
