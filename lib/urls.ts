/**
 * URL identity (SPEC EXT-5): one function decides which article a link is, for feeds,
 * sitemaps, front pages and article pages alike.
 *
 * `canonicalUrl` rules, in order:
 * - resolve `href` against `base` (WHATWG URL): dot segments removed, scheme and host
 *   lower-cased, IDN hosts in punycode, default ports (`:80`, `:443`) dropped, the root
 *   path written `/`; a trailing dot on the host is dropped (`elpais.com.` = `elpais.com`);
 * - only `http:`/`https:` are article URLs; user name and password are dropped;
 * - the fragment is dropped (`#comentarios` is the same article);
 * - percent-encoding is normalised as RFC 3986 §6.2.2 says: hex digits upper-cased,
 *   encoded unreserved characters (`A-Z a-z 0-9 - _ ~`) decoded, except `%2E`, which
 *   would turn into a dot segment and make a second pass change the URL;
 * - tracking parameters are dropped (see `TRACKING_PARAMS`); the other parameters keep
 *   their order and spelling, because a CMS may route on the first parameter or on a
 *   repeated key, so sorting could merge two articles; empty pieces (`&&`, a bare `?`) and
 *   parameters with an explicitly empty value (`a=`) are removed, since servers read them
 *   as absent; a bare flag (`?print`) is kept because it can select another page;
 * - paths are kept as they are: no `index.html` removal, no trailing-slash changes, no
 *   case folding (paths are case-sensitive, RFC 3986 §6.2.2.1).
 *
 * Unparseable input (empty, no scheme and no base, a non-http scheme such as `mailto:` or
 * `javascript:`) throws a `TypeError`: returning the input would make garbage look like an
 * article identity. `tryCanonicalUrl` is the non-throwing variant for parsers.
 */
import { siteOf } from "./registrable-domain";

// Click identifiers and campaign tags that never select content. Names are compared
// lower-cased; `utm_*` is matched as a prefix. `ssm` is PRISA's social-share marker and
// `intcmp`/`icid`/`cmpid` are internal-campaign tags used by Spanish outlets.
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "igshid",
  "li_fat_id",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ref_src",
  "ref_url",
  "ssm",
  "intcmp",
  "icid",
  "cmpid",
  "ocid",
]);

// `ref` is also a real parameter on some sites (a product or commit reference), so it is
// dropped only when its value names a referrer channel.
const TRACKING_REF_VALUES = new Set([
  "rss",
  "feed",
  "twitter",
  "tw",
  "x",
  "facebook",
  "fb",
  "instagram",
  "ig",
  "linkedin",
  "whatsapp",
  "wa",
  "telegram",
  "tg",
  "email",
  "mail",
  "newsletter",
  "push",
  "social",
  "share",
  "google",
  "flipboard",
  "bluesky",
  "threads",
  "tiktok",
  "youtube",
  "menéame",
  "meneame",
  "homepage",
  "home",
  "portada",
]);

// RFC 3986 unreserved characters minus "." (see the header: canonicalUrl must be idempotent).
const UNRESERVED = /[A-Za-z0-9\-_~]/;

/** True when a query parameter (name and decoded value) is a tracking tag (EXT-5). */
export function isTrackingParam(name: string, value = ""): boolean {
  const key = safeDecode(name).toLowerCase();
  if (key.startsWith("utm_") || TRACKING_PARAMS.has(key)) return true;
  return key === "ref" && TRACKING_REF_VALUES.has(safeDecode(value).trim().toLowerCase());
}

/** EXT-5: the canonical form of an article URL; throws `TypeError` on unparseable or non-http(s) input. */
export function canonicalUrl(href: string, base?: string): string {
  const text = href.trim();
  if (text === "") throw new TypeError("canonicalUrl: empty URL");
  let url: URL;
  try {
    url = base === undefined ? new URL(text) : new URL(text, base);
  } catch (cause) {
    throw new TypeError(`canonicalUrl: not a URL: ${JSON.stringify(href.slice(0, 200))}`, { cause });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`canonicalUrl: not an http(s) URL: ${JSON.stringify(href.slice(0, 200))}`);
  }
  if (url.hostname === "") throw new TypeError("canonicalUrl: no host");
  url.username = "";
  url.password = "";
  url.hash = "";
  if (url.hostname.endsWith(".")) url.hostname = withoutTrailingDots(url.hostname);
  const path = normalisePercent(url.pathname);
  const query = cleanQuery(url.search);
  return `${url.protocol}//${url.host}${path}${query}`;
}

/** EXT-5: `canonicalUrl`, or undefined instead of throwing. */
export function tryCanonicalUrl(href: string, base?: string): string | undefined {
  try {
    return canonicalUrl(href, base);
  } catch {
    return undefined;
  }
}

/** True when both URLs parse and share a registrable domain (POL-1 site); never throws. */
export function sameSiteUrl(a: string, b: string): boolean {
  const ua = tryCanonicalUrl(a);
  const ub = tryCanonicalUrl(b);
  if (ua === undefined || ub === undefined) return false;
  try {
    return siteOf(ua) === siteOf(ub);
  } catch {
    return false;
  }
}

// A canonical pointing to another site (a syndication partner, an aggregator, a hijacked
// tag) would credit the article to someone else, so only same-site canonicals are trusted.
/** EXT-5: the declared `rel=canonical` (resolved, canonicalised) when on the page's site, else the page URL; throws if `pageUrl` is unparseable. */
export function preferCanonical(pageUrl: string, declaredCanonical?: string): string {
  const page = canonicalUrl(pageUrl);
  if (declaredCanonical === undefined || declaredCanonical.trim() === "") return page;
  const declared = tryCanonicalUrl(declaredCanonical, page);
  return declared !== undefined && sameSiteUrl(page, declared) ? declared : page;
}

function cleanQuery(search: string): string {
  if (search.length <= 1) return "";
  const kept: string[] = [];
  for (const piece of search.slice(1).split("&")) {
    if (piece === "") continue;
    const eq = piece.indexOf("=");
    const name = eq < 0 ? piece : piece.slice(0, eq);
    const value = eq < 0 ? "" : piece.slice(eq + 1);
    if (name === "" || (eq >= 0 && value === "")) continue;
    if (isTrackingParam(name.replace(/\+/g, " "), value.replace(/\+/g, " "))) continue;
    kept.push(normalisePercent(piece));
  }
  return kept.length > 0 ? `?${kept.join("&")}` : "";
}

// RFC 3986 §6.2.2.1–2: `%7e` → `~`, `%c3%a1` → `%C3%A1`; reserved octets stay encoded.
function normalisePercent(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

// A loop, not `/\.+$/`: that regex retries from every dot of an inner run, so a host of
// 60,000 dots took 2.6 s (SEC-4, found by tests/fuzz/urls).
function withoutTrailingDots(host: string): string {
  let end = host.length;
  while (end > 0 && host.charCodeAt(end - 1) === 0x2e) end--;
  return host.slice(0, end);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
