/**
 * Outlet descriptions: hosts, paths and per-outlet traits. Traits are fixed by the
 * catalogue position (not the seed), so a test can rely on "outlet 1 is multi-host"
 * whatever seed it uses.
 */
import { catalogueEntry, MAX_OUTLETS } from "./catalogue";

/** Which host of an outlet answered: `bare` is `X.test`, which redirects to `www`. */
export type HostRole = "www" | "feeds" | "sitemaps" | "bare";

/** How an outlet reserves text-and-data mining (W3C TDMRep), if at all. */
export type TdmMode = "none" | "file" | "header" | "meta";

/** One simulated outlet. URLs are portless (`http://www.X.test/…`): reach them via a resolve rule. */
export interface SimOutlet {
  slug: string;
  name: string;
  /** Registrable domain, e.g. `diarioprueba.test`: the politeness unit (SPEC POL-1). */
  domain: string;
  timezone: string;
  /** Host names; on single-host outlets feeds and sitemaps equal www. */
  hosts: { www: string; feeds: string; sitemaps: string; bare: string };
  multiHost: boolean;
  feedFormat: "rss" | "atom";
  /** Section with its own feed besides the main one, if any. */
  sectionFeed?: string;
  tdm: TdmMode;
  /** Share of articles with `isAccessibleForFree: false`. */
  paywallShare: number;
  /** RSS titles in CDATA (else entity-escaped). */
  cdata: boolean;
  /** Dates written with the outlet's UTC offset (else UTC). */
  localTimes: boolean;
  /** robots.txt also blocks GPTBot/CCBot (rules that must not apply to us, SPEC ROB-5). */
  blocksAiBots: boolean;
  /** A `Content-Signal:` line in robots.txt (SPEC SIG-4), if any. */
  contentSignal?: string;
  /** Content of `<meta name="robots">` on articles. */
  metaRobots: string;
  /** Minutes between the outlet's own (non-shared) articles. */
  minutesPerArticle: number;
  homepage: string;
  feeds: string[];
  sitemaps: string[];
  legalNotice: string;
  /**
   * The home page is staged: an inline style sheet shows its teasers in another order than
   * its markup (front-page-furniture.ts `stagedMarkupOrder`), as CSS `order` and grid
   * placement do on real pages. Only a browser sees the order the truth gives.
   */
  staged?: boolean;
}

/** Paths are the same on every outlet; only the host that serves them differs. */
export const PATHS = {
  mainFeed: (format: "rss" | "atom") => (format === "rss" ? "/rss/portada.xml" : "/atom/portada.xml"),
  sectionFeed: (format: "rss" | "atom", section: string) => `/${format}/${section}.xml`,
  newsSitemap: "/sitemaps/news.xml",
  sitemapIndex: "/sitemaps/index.xml",
  legalNotice: "/aviso-legal",
  tdmrep: "/.well-known/tdmrep.json",
} as const;

const TDM_BY_POSITION: readonly TdmMode[] = ["none", "none", "none", "file", "none", "header", "meta"];
const SECTION_FEEDS: readonly string[] = ["politica", "economia", "deportes", "cultura"];

/** Builds outlet number `index` of the catalogue (named up to 36, generated beyond). */
function buildOutlet(index: number): SimOutlet {
  const entry = catalogueEntry(index);
  const domain = `${entry.slug}.test`;
  // Every third outlet spreads over www/feeds/cdn hosts of one registrable domain.
  const multiHost = index % 3 === 1;
  const www = `www.${domain}`;
  const hosts = { www, feeds: multiHost ? `feeds.${domain}` : www, sitemaps: multiHost ? `cdn.${domain}` : www, bare: domain };
  const feedFormat = index % 5 === 2 ? "atom" : "rss";
  const sectionFeed = index % 2 === 0 ? SECTION_FEEDS[(index / 2) % SECTION_FEEDS.length] : undefined;
  const feedPaths = [PATHS.mainFeed(feedFormat), ...(sectionFeed ? [PATHS.sectionFeed(feedFormat, sectionFeed)] : [])];
  return {
    slug: entry.slug,
    name: entry.name,
    domain,
    timezone: entry.timezone ?? "Europe/Madrid",
    hosts,
    multiHost,
    feedFormat,
    sectionFeed,
    tdm: TDM_BY_POSITION[index % TDM_BY_POSITION.length] ?? "none",
    paywallShare: index % 4 === 0 ? 0.3 : 0.04,
    cdata: index % 2 === 1,
    localTimes: index % 4 === 3,
    blocksAiBots: index % 2 === 0,
    contentSignal: index % 6 === 5 ? "search=yes, ai-input=no, ai-train=no" : undefined,
    metaRobots: index % 9 === 8 ? "noai, noimageai" : "index, follow, max-image-preview:large",
    minutesPerArticle: 5 + (index % 6),
    homepage: `http://${www}/`,
    feeds: feedPaths.map((p) => `http://${hosts.feeds}${p}`),
    sitemaps: [`http://${hosts.sitemaps}${PATHS.sitemapIndex}`],
    legalNotice: `http://${www}${PATHS.legalNotice}`,
  };
}

/**
 * The first `count` outlets (default 30): the 36 named ones of the catalogue, then
 * generated ones (`sitio0037.test`, "Diario Sintético 37"…) with the same traits by
 * position, up to `MAX_OUTLETS`.
 */
export function simOutlets(count = 30): SimOutlet[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_OUTLETS) {
    throw new RangeError(`outlets must be 1..${MAX_OUTLETS}, got ${count}`);
  }
  return Array.from({ length: count }, (_, i) => buildOutlet(i));
}

/** An outlet and the role of one of its hosts. */
export interface HostMatch {
  outlet: SimOutlet;
  role: HostRole;
}

/** Index from host name to outlet; `www` wins when one host plays several roles. */
export function indexHosts(outlets: readonly SimOutlet[]): Map<string, HostMatch> {
  const byHost = new Map<string, HostMatch>();
  for (const outlet of outlets) {
    byHost.set(outlet.hosts.bare, { outlet, role: "bare" });
    byHost.set(outlet.hosts.sitemaps, { outlet, role: "sitemaps" });
    byHost.set(outlet.hosts.feeds, { outlet, role: "feeds" });
    byHost.set(outlet.hosts.www, { outlet, role: "www" });
  }
  return byHost;
}

/** All host names of an outlet, without duplicates. */
export function hostsOf(outlet: SimOutlet): string[] {
  return [...new Set([outlet.hosts.www, outlet.hosts.feeds, outlet.hosts.sitemaps, outlet.hosts.bare])];
}
