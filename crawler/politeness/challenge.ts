/**
 * Bot-challenge detection (SPEC BLK-5): a challenge or anti-bot block page is a block, also
 * when served with 200. Only conclusive markers count: a vendor's mere presence (CDN headers,
 * sensor scripts, cookies, `/cdn-cgi/challenge-platform/` on a normal page) never does.
 * Detect and back off; never solve or evade.
 */
import { headerValues, type HeaderBag } from "./http-fields";

/** Who served the challenge. */
export type ChallengeVendor =
  "cloudflare" | "aws-waf" | "ddos-guard" | "qrator" | "akamai" | "datadome" | "perimeterx" | "imperva" | "sucuri" | "vercel" | "anubis";

/** A detected challenge: the vendor and the marker that proved it. */
export interface Challenge {
  vendor: ChallengeVendor;
  marker: string;
}

/** What the detector looks at: status, headers, and the first bytes of the body as text. */
export interface ChallengeInput {
  status: number;
  headers?: HeaderBag;
  body?: string;
}

interface Seen {
  status: number;
  header(name: string): string; // all values, lower-cased, comma-joined
  body: string;
  title: string; // trimmed, entities for "…" and "&" decoded, spaces collapsed
}

interface Rule {
  vendor: ChallengeVendor;
  marker: string;
  test(seen: Seen): boolean;
  /** Looks at the status and headers only. */
  headersOnly?: true;
}

const has = (pattern: RegExp) => (seen: Seen) => pattern.test(seen.body);
const titled =
  (...titles: string[]) =>
  (seen: Seen) =>
    titles.includes(seen.title.toLowerCase());
// Akamai writes its error pages with numeric entities: "errors&#46;edgesuite&#46;net".
const AKAMAI_REFERENCE = /Reference(?:\s|&#32;)(?:#|&#35;)\d+(?:\.|&#46;)|errors(?:\.|&#46;)edgesuite(?:\.|&#46;)net/i;
const AKAMAI_DENIED = /You don(?:'|&#39;|&#x27;|&apos;)t have permission to access/i;

// docs/standards.md §9 "Conclusive alone", plus vendor titles only when a second marker agrees.
const RULES: readonly Rule[] = [
  // developers.cloudflare.com …/challenge-pages/detect-response: "challenge" is the only value.
  {
    vendor: "cloudflare",
    marker: "cf-mitigated: challenge",
    test: (s) => /\bchallenge\b/.test(s.header("cf-mitigated")),
    headersOnly: true,
  },
  { vendor: "cloudflare", marker: "window._cf_chl_opt", test: has(/\b_cf_chl_opt\b/) },
  { vendor: "cloudflare", marker: "__cf_chl_ token", test: has(/[?&]__cf_chl_[a-z_]*tk=/i) },
  { vendor: "cloudflare", marker: "challenge-running", test: has(/\bid=["']?(?:cf-)?challenge-running\b/) },
  {
    vendor: "cloudflare",
    marker: "Just a moment... + challenge-platform",
    test: (s) => titled("just a moment...", "just a moment…")(s) && /\/cdn-cgi\/challenge-platform\//.test(s.body),
  },
  {
    vendor: "cloudflare",
    marker: "Attention Required! | Cloudflare",
    test: (s) => titled("attention required! | cloudflare")(s) && /\bcf-error-details\b|Cloudflare Ray ID/i.test(s.body),
  },
  // docs.aws.amazon.com/waf …/waf-captcha-and-challenge-actions.html
  {
    vendor: "aws-waf",
    marker: "x-amzn-waf-action",
    test: (s) => /\b(?:challenge|captcha)\b/.test(s.header("x-amzn-waf-action")),
    headersOnly: true,
  },
  { vendor: "ddos-guard", marker: "ddos-guard js-challenge", test: has(/\/\.well-known\/ddos-guard\/(?:js-challenge|ddg-captcha-page)/) },
  { vendor: "ddos-guard", marker: "title DDoS-Guard", test: titled("ddos-guard") },
  { vendor: "qrator", marker: "__qrator/qauth script", test: has(/\/__qrator\/qauth[\w.-]*\.js/) },
  {
    vendor: "qrator",
    marker: "Server: QRATOR refusal",
    test: (s) => (s.status === 401 || s.status === 403) && /\bqrator\b/.test(s.header("server")),
    headersOnly: true,
  },
  {
    vendor: "akamai",
    marker: "Access Denied + edgesuite reference",
    test: (s) => titled("access denied")(s) && AKAMAI_DENIED.test(s.body) && AKAMAI_REFERENCE.test(s.body),
  },
  {
    vendor: "datadome",
    marker: "captcha-delivery.com",
    test: has(/(?:\bvar\s+dd\s*=[\s\S]{0,400}|<(?:script|iframe)[^>]+)(?:geo|ct)\.captcha-delivery\.com/),
  },
  { vendor: "perimeterx", marker: "px-captcha", test: has(/\bid=["']px-captcha["']|\b_pxCaptcha\b/) },
  {
    vendor: "perimeterx",
    marker: "Access to this page has been denied + _pxAppId",
    test: (s) => titled("access to this page has been denied", "access to this page has been denied.")(s) && /\b_pxAppId\b/.test(s.body),
  },
  { vendor: "imperva", marker: "Incapsula incident ID", test: has(/Incapsula incident ID|_Incapsula_Resource\?CWUDNSAI=/) },
  { vendor: "sucuri", marker: "x-sucuri-block", test: (s) => s.header("x-sucuri-block") !== "", headersOnly: true },
  { vendor: "sucuri", marker: "sucuri_cloudproxy_js", test: has(/\bsucuri_cloudproxy_js\b/) },
  { vendor: "vercel", marker: "Vercel Security Checkpoint", test: titled("vercel security checkpoint") },
  { vendor: "anubis", marker: "anubis_challenge", test: has(/<script[^>]+id=["']anubis_challenge["']/) },
];

const MAX_BODY = 256 * 1024; // challenge pages are small; bound the regex work

const HEADER_RULES = RULES.filter((r) => r.headersOnly);
/**
 * Every body rule needs one of these words in the body, or one of the titles below: a
 * body with neither (a feed, an ordinary page) is settled by one scan instead of one per
 * rule. Kept next to RULES; the unit tests check each rule's example still gets through.
 */
const BODY_WORDS =
  /_cf_chl_|challenge-running|ddos-guard|__qrator|captcha-delivery|px-captcha|_pxcaptcha|_pxappid|incapsula|sucuri_cloudproxy_js|anubis_challenge/i;
const TITLES = new Set([
  "just a moment...",
  "just a moment…",
  "attention required! | cloudflare",
  "ddos-guard",
  "access denied",
  "access to this page has been denied",
  "access to this page has been denied.",
  "vercel security checkpoint",
]);

function titleOf(body: string): string {
  const raw = /<title[^>]*>([\s\S]{0,300}?)<\/title>/i.exec(body)?.[1] ?? "";
  return raw
    .replace(/&hellip;|&#8230;|&#x2026;/gi, "…")
    .replace(/&amp;|&#38;/gi, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** BLK-5: the challenge a response is, or undefined for a normal response. */
export function detectChallenge(input: ChallengeInput): Challenge | undefined {
  const body = (input.body ?? "").slice(0, MAX_BODY);
  const seen: Seen = {
    status: input.status,
    header: (name) => headerValues(input.headers, name).join(", ").toLowerCase(),
    body,
    title: titleOf(body),
  };
  const mayBeBodyRule = TITLES.has(seen.title.toLowerCase()) || BODY_WORDS.test(body);
  const rule = (mayBeBodyRule ? RULES : HEADER_RULES).find((r) => r.test(seen));
  return rule && { vendor: rule.vendor, marker: rule.marker };
}
