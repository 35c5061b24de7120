/**
 * Scenario switches, per host. Each applies to the whole host or to a path prefix,
 * optionally only until a simulated time or for a number of requests; several can
 * be stacked (the first listed is the outermost). Handlers live beside this file,
 * one small function per kind.
 */

/** Fields every scenario has. */
export interface ScenarioBase {
  /** Path prefix it applies to, e.g. `/robots.txt` or `/rss/` (default: every path). */
  path?: string;
  /** `path` is the whole path, not a prefix (`/` alone is the front page, not every path). */
  exact?: boolean;
  /** Active from this simulated time on (epoch ms). */
  from?: number;
  /** Active while the simulated clock is before this time (epoch ms). */
  until?: number;
  /** Applies to this many matching requests, then switches itself off. */
  times?: number;
}

/** Answer with this status (robots.txt 404/500, 403, 401, 5xx…), no Retry-After. */
export interface StatusScenario extends ScenarioBase {
  kind: "status";
  status: number;
  headers?: Record<string, string>;
  body?: string;
}
/** 429 or 503 with `Retry-After` as delay-seconds or as an HTTP-date `seconds` ahead of the simulated clock. */
export interface RetryAfterScenario extends ScenarioBase {
  kind: "retry-after";
  status: 429 | 503;
  seconds: number;
  format?: "seconds" | "http-date";
}
/** Never send headers; after `seconds` (real time) drop the connection. Default: hold until the client or server gives up. */
export interface HangScenario extends ScenarioBase {
  kind: "hang";
  seconds?: number;
}
/** Wait `ms` (real time) before sending the normal response's headers. */
export interface SlowHeadersScenario extends ScenarioBase {
  kind: "slow-headers";
  ms: number;
}
/** Add `Crawl-delay: seconds` to the `agent` group of robots.txt (default `*`). */
export interface CrawlDelayScenario extends ScenarioBase {
  kind: "crawl-delay";
  seconds: number;
  agent?: string;
}
/** Append a robots.txt group, e.g. for `HemeroscopioBot` (applies to us) or `GPTBot` (must not). */
export interface RobotsGroupScenario extends ScenarioBase {
  kind: "robots-group";
  agents: string[];
  allow?: string[];
  disallow?: string[];
  crawlDelay?: number;
  extra?: string[];
}
/** Replace robots.txt with this exact text. */
export interface RobotsBodyScenario extends ScenarioBase {
  kind: "robots-body";
  body: string;
}
/** A Cloudflare "Just a moment..." page (default status 200), with `cf-mitigated: challenge` unless `header: false`. */
export interface ChallengeScenario extends ScenarioBase {
  kind: "challenge";
  status?: number;
  header?: boolean;
}
/** Redirect to `to` (absolute URL, or a path on the same host); e.g. into `/buscar` (disallowed) or to another host of the site. */
export interface RedirectScenario extends ScenarioBase {
  kind: "redirect";
  to: string;
  status?: 301 | 302 | 303 | 307 | 308;
}
/** `hops` redirects (`?hop=1`, `?hop=2`, …) before the normal response. */
export interface RedirectChainScenario extends ScenarioBase {
  kind: "redirect-chain";
  hops: number;
  status?: 301 | 302;
}
/** A redirect loop: `/x` → `/x?loop=1` → `/x` → … */
export interface RedirectLoopScenario extends ScenarioBase {
  kind: "redirect-loop";
  status?: 301 | 302;
}
/** A 200 whose body never ends; writing stops when the client disconnects. */
export interface EndlessScenario extends ScenarioBase {
  kind: "endless";
  contentType?: string;
}
/**
 * A gzip bomb: `inflatedBytes` of zeros (default 1 GiB) at ~1/1000 on the wire, generated
 * lazily. `Content-Encoding: gzip`, or with `asFile` an `application/gzip` body (a `.xml.gz` sitemap).
 */
export interface GzipBombScenario extends ScenarioBase {
  kind: "gzip-bomb";
  inflatedBytes?: number;
  contentType?: string;
  asFile?: boolean;
}
/** Damage the XML: cut it mid-element, drop closing tags, or write unparseable dates. */
export interface BrokenXmlScenario extends ScenarioBase {
  kind: "broken-xml";
  damage?: "truncated" | "unclosed" | "bad-dates";
}
/** Re-encode the body as windows-1252 while declaring UTF-8 (default) or declaring nothing. */
export interface Windows1252Scenario extends ScenarioBase {
  kind: "windows-1252";
  declare?: "utf-8" | "none";
}
/** Choose the validators sent with 200s (both by default); `false` also disables that 304 path. */
export interface ValidatorsScenario extends ScenarioBase {
  kind: "validators";
  etag?: boolean;
  lastModified?: boolean;
}
/** Put a login wall over the page; the article body still travels hidden in the HTML unless `withBody: false`. */
export interface LoginWallScenario extends ScenarioBase {
  kind: "login-wall";
  withBody?: boolean;
}
/** The front page (`/`) redesigned as a client-side app: its stories only in inline JSON, no article link in the HTML. */
export interface RedesignScenario extends ScenarioBase {
  kind: "redesign";
}
/** TDMRep reservation by response header, by `<meta>`, or by `/.well-known/tdmrep.json`. */
export interface TdmScenario extends ScenarioBase {
  kind: "tdm";
  via: "header" | "meta" | "file";
  reservation?: 0 | 1;
}

/** Any scenario. */
export type Scenario =
  | StatusScenario
  | RetryAfterScenario
  | HangScenario
  | SlowHeadersScenario
  | CrawlDelayScenario
  | RobotsGroupScenario
  | RobotsBodyScenario
  | ChallengeScenario
  | RedirectScenario
  | RedirectChainScenario
  | RedirectLoopScenario
  | EndlessScenario
  | GzipBombScenario
  | BrokenXmlScenario
  | Windows1252Scenario
  | ValidatorsScenario
  | LoginWallScenario
  | TdmScenario
  | RedesignScenario;

/** Scenarios keyed by exact host name (`www.diarioprueba.test`). */
export type ScenarioMap = Record<string, Scenario[]>;
