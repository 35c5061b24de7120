/**
 * The outlet check (`npm run outlets -- check`, docs/outlets-evidence.md): what one polite reading
 * of an outlet's configured URLs found, as plain data that is stored per outlet and shown in the
 * admin, and the outlets-file entry it proposes. Pure: the crawler reads, this decides.
 */
import type { OutletConfig } from "./outlets-file";

/** What one configured URL did. */
export type UrlState =
  | "ok" // answered 200 (or 304) where it is
  | "redirected" // answered, but at another address (`finalUrl`)
  | "gone" // 404 or 410
  | "refused" // 401, 403, a challenge, robots.txt disallows it, or the site is in back-off
  | "failing" // another error status, a timeout, too large, unreadable
  | "unreachable"; // no answer at all (DNS, no route, connection refused)

export type CheckedField = "homepage" | "feed" | "sitemap" | "legalNotice";

/** One configured URL and what it did. */
export interface UrlCheck {
  field: CheckedField;
  url: string;
  state: UrlState;
  status?: number;
  /** Where a redirected URL ended. */
  finalUrl?: string;
  /** A short reason (never body text): the fetch outcome or the gate that stopped it. */
  detail?: string;
}

/** The result of checking one outlet. */
export interface OutletCheck {
  slug: string;
  /** Epoch ms, from the injected clock. */
  checkedAt: number;
  urls: UrlCheck[];
  /** Feeds the home page announces with `<link rel="alternate">` that the outlet does not list. */
  announcedFeeds: string[];
  /** Sitemaps robots.txt of the home page's host names that the outlet does not list. */
  robotsSitemaps: string[];
  /** Links of the home page that look like its legal notice ("aviso legal"), when it has none that answers. */
  legalLinks: string[];
}

/** True when every URL of every check got no answer at all: the outlets cannot be reached from here. */
export function allUnreachable(checks: readonly OutletCheck[]): boolean {
  const urls = checks.flatMap((c) => c.urls);
  return urls.length > 0 && urls.every((u) => u.state === "unreachable");
}

/** A news sitemap, by the names outlets give them (`news`, `noticias`, Google News). */
export const looksLikeNewsSitemap = (url: string) => /news|noticias|googlenews/i.test(new URL(url).pathname);

const working = (c: UrlCheck | undefined) => c !== undefined && (c.state === "ok" || c.state === "redirected");
const current = (c: UrlCheck) => (c.state === "redirected" && c.finalUrl ? c.finalUrl : c.url);

/**
 * The outlet as the check proposes it: redirected URLs replaced by where they ended, gone
 * feeds, sitemaps and legal notice dropped, an announced feed added when no configured feed
 * works, robots.txt's news sitemaps (else its first sitemap) added when no configured sitemap works, and a legal link
 * from the home page when the legal notice is missing or gone. Other URLs are kept as they are:
 * a failing or refused URL may answer tomorrow, and only an operator decides to drop it.
 */
export function proposeOutlet(outlet: OutletConfig, check: OutletCheck): OutletConfig {
  const of = (field: CheckedField, url: string) => check.urls.find((u) => u.field === field && u.url === url);
  const keep = (field: CheckedField, urls: readonly string[]) =>
    urls.flatMap((url) => {
      const c = of(field, url);
      if (!c) return [url];
      return c.state === "gone" ? [] : [current(c)];
    });
  const unique = (urls: string[]) => urls.filter((u, i) => urls.indexOf(u) === i);
  const home = of("homepage", outlet.homepage);
  const feeds = keep("feed", outlet.feeds);
  if (!outlet.feeds.some((u) => working(of("feed", u))) && check.announcedFeeds[0]) feeds.push(check.announcedFeeds[0]);
  const sitemaps = keep("sitemap", outlet.sitemaps);
  if (!outlet.sitemaps.some((u) => working(of("sitemap", u)))) {
    // robots.txt's news sitemaps; when it names none, the first sitemap it names (an index, which the crawler follows).
    const news = check.robotsSitemaps.filter(looksLikeNewsSitemap);
    sitemaps.push(...(news.length > 0 ? news : check.robotsSitemaps.slice(0, 1)));
  }
  const legal = outlet.legalNotice ? of("legalNotice", outlet.legalNotice) : undefined;
  const legalNotice = legal?.state === "gone" || !outlet.legalNotice ? check.legalLinks[0] : legal ? current(legal) : outlet.legalNotice;
  return {
    ...outlet,
    homepage: home ? current(home) : outlet.homepage,
    feeds: unique(feeds),
    sitemaps: unique(sitemaps),
    legalNotice,
  };
}

/** True when the proposal differs from the outlet as configured. */
export function proposalChanges(outlet: OutletConfig, proposed: OutletConfig): boolean {
  return JSON.stringify(outlet) !== JSON.stringify(proposed);
}
