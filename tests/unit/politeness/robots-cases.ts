/**
 * The robots.txt conformance table (SPEC ROB-2, ROB-5), part 1: shared helpers, RFC 9309
 * examples and Hemeroscopio's own cases. google/robotstxt `robots_test.cc` re-expressed is in
 * robots-cases-google-*.ts. Data only, so the same table can be run against other parsers.
 */

/** One isAllowed question and its expected answer. */
export interface AllowCase {
  spec: "ROB-2" | "ROB-5";
  /** Where the case comes from: `google <TEST name>`, `RFC 9309 §x`, or `Hemeroscopio`. */
  source: string;
  name: string;
  robots: string;
  agent: string;
  url: string;
  allowed: boolean;
  /** Set where google/robotstxt answers otherwise; we follow RFC 9309 or the stricter reading. */
  google?: boolean;
}

/** One row: URL, expected verdict, behaviour sentence, and Google's answer where it differs. */
export type Row = [url: string, allowed: boolean, name: string, google?: boolean];

/** Expand rows sharing one robots.txt and agent into cases. */
export function group(spec: AllowCase["spec"], source: string, robots: string, agent: string, rows: Row[]): AllowCase[] {
  return rows.map(([url, allowed, name, google]) => ({ spec, source, name, robots, agent, url, allowed, google }));
}

/** Decode bytes the way the fetcher does (UTF-8, replacement characters for bad bytes). */
export function utf8(...parts: (string | number[])[]): string {
  const bytes = parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The agent of google/robotstxt's tests. */
export const FOO = "FooBot";
/** A URL on google/robotstxt's test host. */
export const u = (path: string): string => `http://foo.bar${path}`;
/** A robots.txt with one FooBot group. */
export const fooOnly = (rules: string): string => `user-agent: FooBot\n${rules}`;
/** A FooBot group disallowing all but `allow`. */
export const docs = (allow: string): string => fooOnly(`disallow: /\nallow: ${allow}\n`);

const RFC_5_1 =
  "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\n" +
  "User-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\n" +
  "User-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\nUser-Agent: quxbot\n";
const RFC_5_1_ROWS: [agent: string, path: string, allowed: boolean, name: string][] = [
  ["foobot", "/example/page.html", true, "foobot: allowed prefix"],
  ["foobot", "/example/allowed.gif", true, "foobot: allowed gif"],
  ["foobot", "/publications/", false, "foobot: everything else (no * inheritance)"],
  ["barbot", "/example/page.html", false, "barbot shares a group with bazbot"],
  ["bazbot", "/example/page.html", false, "bazbot shares a group with barbot"],
  ["bazbot", "/example/other.gif", true, "barbot/bazbot: rest allowed"],
  ["quxbot", "/example/x.gif", true, "quxbot: an empty last group allows all"],
  ["otherbot", "/img/logo.gif", false, "*: *.gif$ spans slashes"],
  ["otherbot", "/example/x", false, "*: /example/ disallowed"],
  ["otherbot", "/publications/y", true, "*: /publications/ allowed"],
];
const AI_BOTS =
  "User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nUser-agent: ClaudeBot\nDisallow: /\n\n" +
  "User-agent: Google-Extended\nDisallow: /\n\nUser-agent: *\nDisallow: /privado/\n";

/** RFC 9309 examples and Hemeroscopio's own cases. */
export const RFC_AND_OWN_CASES: AllowCase[] = [
  // RFC 9309 examples
  ...group(
    "ROB-2",
    "RFC 9309 §2.2.1 Fig. 2",
    "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n",
    "ExampleBot",
    [
      [u("/foo"), false, "merged groups: first group's rule"],
      [u("/baz"), false, "merged groups: second group's rule"],
      [u("/qux"), true, "merged groups: unlisted path"],
    ],
  ),
  ...group(
    "ROB-2",
    "RFC 9309 §2.2.1 Fig. 3",
    "user-agent: *\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: BazBot\ndisallow: /baz\n",
    "ExampleBot",
    [
      [u("/bar"), false, "no group names us: the * group applies"],
      [u("/baz"), true, "no group names us: BazBot's rules do not"],
    ],
  ),
  ...group("ROB-2", "RFC 9309 §2.2.2 Fig. 4", fooOnly("Disallow: /foo/bar?baz=https://foo.bar\n"), FOO, [
    [u("/foo/bar?baz=https%3A%2F%2Ffoo.bar"), false, "a raw query pattern matches its %-encoded form", true],
  ]),
  ...group("ROB-2", "RFC 9309 §2.2.2 Fig. 4", fooOnly("Disallow: /foo/bar?baz=quz\n"), FOO, [
    [u("/foo/bar?baz=quz"), false, "a plain query compares as is"],
  ]),
  ...group("ROB-2", "RFC 9309 §2.2.3 Fig. 5", fooOnly("disallow: /\nallow: /this/path/exactly$ # comment in line\n"), FOO, [
    [u("/this/path/exactly"), true, "$ with a trailing comment"],
    [u("/this/path/exactly/not"), false, "$ stops longer paths"],
  ]),
  ...group("ROB-2", "RFC 9309 §2.2.3 Fig. 5", fooOnly("disallow: /\nallow: /this/*/exactly\n"), FOO, [
    [u("/this/other/exactly"), true, "* spans a segment"],
    [u("/this/exactly"), false, "* does not swallow the slashes around it"],
  ]),
  ...group("ROB-2", "RFC 9309 §2.2.3 Fig. 6", fooOnly("Disallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\n"), FOO, [
    [u("/path/file-with-a-*.html"), false, "%2A in a pattern is a literal *", true],
    [u("/path/foo-$"), false, "%24 in a pattern is a literal $", true],
    [u("/path/file-with-a-b.html"), true, "%2A is not a wildcard"],
  ]),
  ...RFC_5_1_ROWS.flatMap(([agent, path, allowed, name]) => group("ROB-2", "RFC 9309 §5.1", RFC_5_1, agent, [[u(path), allowed, name]])),
  ...group("ROB-2", "RFC 9309 §5.2", "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n", "foobot", [
    [u("/example/page/disallowed.gif"), false, "the longer disallow wins"],
    [u("/example/page/ok.gif"), true, "the allow covers the rest"],
  ]),
  // Hemeroscopio (ROB-2, ROB-5)
  ...group("ROB-2", "Hemeroscopio", "User-agent: *\nDisallow: /\n", "HemeroscopioBot", [
    [u("/robots.txt"), true, "/robots.txt is always allowed"],
  ]),
  ...group("ROB-2", "Hemeroscopio", "User-agent: HemeroscopioBot/1.0\nDisallow: /\n\nUser-agent: *\nAllow: /\n", "hemeroscopiobot", [
    [u("/portada"), false, "a versioned user-agent line names the product token"],
  ]),
  ...group("ROB-2", "Hemeroscopio", "User-agent: *\nDisallow: /\n\nUser-agent: HemeroscopioBot\nDisallow:\n", "HemeroscopioBot", [
    [u("/portada"), true, "an empty Disallow allows everything"],
  ]),
  ...group("ROB-2", "Hemeroscopio", "User-agent: *\nDisallow: /a b\n", "HemeroscopioBot", [
    [u("/a%20b"), false, "a space in a pattern matches %20"],
  ]),
  ...group("ROB-5", "Hemeroscopio", AI_BOTS, "HemeroscopioBot", [
    [u("/noticia"), true, "GPTBot, CCBot, ClaudeBot and Google-Extended rules do not apply to us"],
    [u("/privado/x"), false, "the * group applies to us"],
  ]),
  ...group("ROB-5", "Hemeroscopio", "User-agent: *\nCrawl-delay: 10\n\nUser-agent: GPTBot\nDisallow: /\n", "HemeroscopioBot", [
    [u("/noticia"), true, "a Crawl-delay line ends the user-agent list, so GPTBot's Disallow stays GPTBot's", false],
  ]),
  ...group("ROB-5", "Hemeroscopio", "User-agent: Google\nDisallow: /\nUser-agent: HemeroscopioBot-News\nDisallow: /\n", "HemeroscopioBot", [
    [u("/x"), true, "a token is matched whole, not as a substring or prefix"],
  ]),
];

/** Crawl-delay expectations (seconds; undefined when none applies). */
export const CRAWL_DELAY_CASES: { name: string; robots: string; agent: string; delay: number | undefined }[] = [
  { name: "our group's delay", robots: "User-agent: HemeroscopioBot\nCrawl-delay: 10\n", agent: "HemeroscopioBot", delay: 10 },
  { name: "decimals are allowed", robots: "User-agent: *\nCrawl-delay: 2.5\n", agent: "HemeroscopioBot", delay: 2.5 },
  {
    name: "the * group when no group names us",
    robots: "User-agent: *\nCrawl-delay: 7\nUser-agent: GPTBot\nCrawl-delay: 60\n",
    agent: "HemeroscopioBot",
    delay: 7,
  },
  {
    name: "ours beats *",
    robots: "User-agent: *\nCrawl-delay: 7\nUser-agent: HemeroscopioBot\nCrawl-delay: 3\nDisallow: /x\n",
    agent: "HemeroscopioBot",
    delay: 3,
  },
  { name: "junk is ignored", robots: "User-agent: *\nCrawl-delay: soon\n", agent: "HemeroscopioBot", delay: undefined },
  { name: "none", robots: "User-agent: *\nDisallow: /x\n", agent: "HemeroscopioBot", delay: undefined },
];

/** Sitemap expectations (google ID_NonStandardLineExample_Sitemap and ours). */
export const SITEMAP_CASES: { name: string; robots: string; sitemaps: string[] }[] = [
  {
    name: "a Sitemap line after the groups",
    robots: "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nSitemap: http://foo.bar/sitemap.xml\n",
    sitemaps: ["http://foo.bar/sitemap.xml"],
  },
  {
    name: "a Sitemap line before the groups",
    robots: "Sitemap: http://foo.bar/sitemap.xml\nUser-Agent: foo\nAllow: /some/path\n",
    sitemaps: ["http://foo.bar/sitemap.xml"],
  },
  {
    name: "several, in order, inside groups too",
    robots: "User-agent: *\nSitemap: https://a.test/1.xml\nDisallow: /x\nsitemap: https://a.test/2.xml\n",
    sitemaps: ["https://a.test/1.xml", "https://a.test/2.xml"],
  },
  { name: "relative URLs are not sitemaps", robots: "Sitemap: /sitemap.xml\n", sitemaps: [] },
];
