/**
 * The pacing unit (SPEC POL-1): the site, i.e. the registrable domain from the Public Suffix
 * List (ICANN section, via tldts), so `feeds.elpais.com` and `cdn.elpais.com` share one budget.
 * robots.txt stays per authority (RFC 9309 §2.3); only pacing and backoff use the site.
 */
import { parse } from "tldts";

/** The lower-cased host of a URL, `host` or `host:port` (IPv6 without brackets); throws if none. */
export function hostOf(urlOrHost: string): string {
  const text = urlOrHost.trim();
  if (text === "") throw new TypeError("siteOf: empty URL or host");
  // A bare IPv6 literal ("::1") is not a URL authority as it stands.
  if (!text.includes("/") && !text.startsWith("[") && (text.match(/:/g)?.length ?? 0) > 1) {
    return text.toLowerCase();
  }
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch (cause) {
    throw new TypeError(`siteOf: not a URL or host: ${JSON.stringify(urlOrHost)}`, { cause });
  }
  if (url.hostname === "") throw new TypeError(`siteOf: no host in ${JSON.stringify(urlOrHost)}`);
  return url.hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
}

// `feeds.a.test` → `a.test`; IP literals, `localhost` and public suffixes are their own site.
/** POL-1: the registrable domain of a URL or host (`feeds.elpais.com` → `elpais.com`). */
export function siteOf(urlOrHost: string): string {
  const host = hostOf(urlOrHost);
  // allowPrivateDomains stays false (ICANN only): `a.github.io` and `b.github.io` share a
  // budget, erring on the polite side (docs/standards.md §10).
  const parsed = parse(host, { allowPrivateDomains: false });
  if (parsed.isIp) return parsed.hostname ?? host;
  // Hosts under an unlisted TLD (`*.test`) use the implicit `*` rule: one label + suffix.
  return parsed.domain ?? host;
}

/** True when two URLs or hosts belong to the same site (same pacing budget, POL-1). */
export function sameSite(a: string, b: string): boolean {
  return siteOf(a) === siteOf(b);
}
