/**
 * robots.txt rules (SPEC ROB-2, ROB-5; RFC 9309). Stable contract (docs/architecture.md): `parseRobots`
 * and `Robots`. Grouping and group selection live here; lines in robots-lines.ts, path
 * matching in robots-pattern.ts. Fetching and status handling are elsewhere (robots-status.ts).
 */
import { robotsLines } from "./lines";
import { compilePattern, isPathAllowed, normalisePath, type PathRule } from "./pattern";

/** Parsed robots.txt of one authority. */
export interface Robots {
  /** RFC 9309 verdict for an absolute URL (or a path starting with `/`) and a bare product token. */
  isAllowed(url: string, productToken: string): boolean;
  /** `Crawl-delay` in seconds of our groups, else of the `*` groups; undefined when none. */
  crawlDelay(productToken: string): number | undefined;
  /** True when a group names this product token itself (not only `*`): the site addressed us by name. */
  namesAgent(productToken: string): boolean;
  /** True when the group that applies to this token (RFC 9309 selection) has a Disallow rule matching some path. */
  disallowsAny(productToken: string): boolean;
  /** Absolute http(s) `Sitemap:` URLs, in file order, without duplicates (group-independent). */
  sitemaps: string[];
  /** SIG-4: every Content-Signal / Content-Usage line, as data for transparency. */
  contentSignals: ContentSignalLine[];
}

/** One Content-Signal (contentsignals.org) or Content-Usage (IETF aipref) line. */
export interface ContentSignalLine {
  field: "content-signal" | "content-usage";
  /** Product tokens (or `*`) of the group the line sits in; empty before any user-agent line. */
  agents: string[];
  /** Optional leading path scope (`Content-Usage: /ai-ok/ train-ai=y`). */
  path?: string;
  /** The preferences as written, e.g. `search=yes, ai-train=no`. */
  value: string;
}

interface Group {
  /** Lower-cased product tokens, `*` for the global group. */
  agents: string[];
  rules: PathRule[];
  crawlDelays: number[];
}

const GLOBAL = "*";
const TOKEN = /^[A-Za-z_-]+/;

/** True for a valid RFC 9309 §2.2.1 product token: only letters, `_` and `-` (no digits, no version). */
export function isValidProductToken(token: string): boolean {
  return /^[A-Za-z_-]+$/.test(token);
}

// RFC 9309 §2.2.1 + google/robotstxt: `*` (optionally followed by junk after a space) is the
// global group; otherwise the leading identifier is the token, so `HemeroscopioBot/1.0` and
// `Foo Bar` name `hemeroscopiobot` and `foo`. An empty result names nobody.
function agentToken(value: string): string {
  if (/^\*(\s|$)/.test(value)) return GLOBAL;
  return (TOKEN.exec(value)?.[0] ?? "").toLowerCase();
}

// Crawl-delay is not in RFC 9309: seconds, decimals allowed; zero, negative or junk ignored.
function crawlDelaySeconds(value: string): number | undefined {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value)) return undefined;
  const seconds = Number(value);
  return seconds > 0 && Number.isFinite(seconds) ? seconds : undefined;
}

function absoluteHttpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function signalLine(field: ContentSignalLine["field"], agents: string[], value: string): ContentSignalLine {
  // draft-ietf-aipref-attach: a value starting with `/` is a path scope ending at whitespace.
  const scoped = /^(\/\S*)\s+(.*)$/.exec(value);
  return scoped ? { field, agents, path: scoped[1] ?? "", value: scoped[2] ?? "" } : { field, agents, value };
}

/** The path+query to match, normalised; undefined when the URL cannot be parsed. */
function requestPath(url: string): { pathname: string; path: string } | undefined {
  try {
    const parsed = url.startsWith("/") && !url.startsWith("//") ? new URL(url, "http://h.invalid") : new URL(url);
    return { pathname: parsed.pathname, path: normalisePath(parsed.pathname + parsed.search) };
  } catch {
    return undefined;
  }
}

/** Parse a robots.txt body (already decoded as UTF-8) into queryable rules. */
export function parseRobots(body: string): Robots {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  const signals: { field: ContentSignalLine["field"]; group?: Group; value: string }[] = [];
  let current: Group | undefined;
  let sawRule = false;

  for (const { key, value } of robotsLines(body)) {
    if (key === "user-agent") {
      // RFC 9309 §2.1: consecutive user-agent lines share a group; one after a rule starts a
      // new group. Sitemap and unknown records never split a group (§2.2.4).
      if (!current || sawRule) groups.push((current = { agents: [], rules: [], crawlDelays: [] }));
      sawRule = false;
      current.agents.push(agentToken(value));
    } else if (key === "allow" || key === "disallow") {
      if (!current) continue; // RFC 9309 §2.2.2: rules before the first user-agent are ignored
      sawRule = true;
      const pattern = compilePattern(value); // empty pattern: matches nothing
      if (pattern) current.rules.push({ allow: key === "allow", pattern });
    } else if (key === "sitemap") {
      const url = absoluteHttpUrl(value); // sitemaps.org: group-independent, absolute URL
      if (url && !sitemaps.includes(url)) sitemaps.push(url);
    } else {
      // Crawl-delay and Content-Signal/-Usage are members of their group, so like a rule they
      // end its user-agent list: in "User-agent: *, Crawl-delay: 10, User-agent: GPTBot,
      // Disallow: /" the Disallow is GPTBot's alone (google/robotstxt would give it to * too).
      if (current) sawRule = true;
      if (key !== "crawl-delay") {
        signals.push({ field: key, group: current, value });
        continue;
      }
      const seconds = crawlDelaySeconds(value);
      if (current && seconds !== undefined) current.crawlDelays.push(seconds);
    }
  }

  const selected = new Map<string, { rules: PathRule[]; delays: number[] }>();
  // RFC 9309 §2.2.1: every group naming our token, merged; else every `*` group; else none.
  // Equality, not substring: `Google-Extended` or `GPTBot` groups never apply to us (ROB-5).
  const merged = (productToken: string): { rules: PathRule[]; delays: number[] } => {
    const token = productToken.toLowerCase();
    let found = selected.get(token);
    if (!found) {
      const named = token === GLOBAL ? [] : groups.filter((g) => g.agents.includes(token));
      const chosen = named.length > 0 ? named : groups.filter((g) => g.agents.includes(GLOBAL));
      found = { rules: chosen.flatMap((g) => g.rules), delays: chosen.flatMap((g) => g.crawlDelays) };
      selected.set(token, found);
    }
    return found;
  };

  return {
    isAllowed(url: string, productToken: string): boolean {
      const target = requestPath(url);
      if (!target) return false; // unparseable: never fetched, so never allowed
      if (target.pathname === "/robots.txt") return true; // RFC 9309 §2.2.2: implicitly allowed
      return isPathAllowed(merged(productToken).rules, target.path);
    },
    crawlDelay(productToken: string): number | undefined {
      // Our group's delay, else the `*` groups' (a polite reading; Crawl-delay is not in RFC 9309).
      const ours = merged(productToken).delays;
      const delays = ours.length > 0 ? ours : merged(GLOBAL).delays;
      return delays.reduce<number | undefined>((max, d) => (max === undefined || d > max ? d : max), undefined);
    },
    namesAgent(productToken: string): boolean {
      const token = productToken.toLowerCase();
      return token !== GLOBAL && groups.some((g) => g.agents.includes(token));
    },
    disallowsAny(productToken: string): boolean {
      return merged(productToken).rules.some((r) => !r.allow);
    },
    sitemaps,
    contentSignals: signals.map(({ field, group, value }) => signalLine(field, group?.agents.filter(Boolean) ?? [], value)),
  };
}
