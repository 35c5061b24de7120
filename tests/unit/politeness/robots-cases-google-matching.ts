/** The robots.txt table, part 3: google/robotstxt `robots_test.cc` path-matching cases. */
import { docs, FOO, fooOnly, group, u, type AllowCase } from "./robots-cases";

// GoogleOnly_LineTooLong: lines built to end 3 bytes past Google's 2083 * 8 line buffer.
const LONG = 2083 * 8;
const longA = "/x/" + "a".repeat(LONG - 3 - "allow: ".length + 1 - 3);
const longB = "/x/" + "b".repeat(LONG - 3 - "allow: ".length + 1 - 3);
const longD = "/x/" + "a".repeat(LONG - 3 - "disallow: ".length + 1 - 3);

/** google/robotstxt: longest match, encoding, wildcards, documentation checks. */
export const GOOGLE_MATCHING_CASES: AllowCase[] = [
  // google ID_LongestMatch
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("disallow: /x/page.html\nallow: /x/\n"), FOO, [
    [u("/x/page.html"), false, "longest match wins (disallow longer)"],
  ]),
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("allow: /x/page.html\ndisallow: /x/\n"), FOO, [
    [u("/x/page.html"), true, "longest match wins (allow longer)"],
    [u("/x/"), false, "longest match wins (only the disallow matches)"],
  ]),
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("disallow: \nallow: \n"), FOO, [
    [u("/x/page.html"), true, "empty allow and disallow: allowed"],
  ]),
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("disallow: /\nallow: /\n"), FOO, [[u("/x/page.html"), true, "Allow wins a tie (/)"]]),
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("disallow: /x\nallow: /x/\n"), FOO, [
    [u("/x"), false, "/x is not matched by allow /x/"],
    [u("/x/"), true, "/x/ is matched by the longer allow"],
  ]),
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("disallow: /x/page.html\nallow: /x/page.html\n"), FOO, [
    [u("/x/page.html"), true, "Allow wins a tie (same path)"],
  ]),
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("allow: /page\ndisallow: /*.html\n"), FOO, [
    [u("/page.html"), false, "a longer wildcard disallow beats a shorter allow"],
    [u("/page"), true, "the wildcard disallow does not match /page"],
  ]),
  ...group("ROB-2", "google ID_LongestMatch", fooOnly("allow: /x/page.\ndisallow: /*.html\n"), FOO, [
    [u("/x/page.html"), true, "a longer allow beats a wildcard disallow"],
    [u("/x/y.html"), false, "only the wildcard disallow matches"],
  ]),
  ...group("ROB-2", "google ID_LongestMatch", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", FOO, [
    [u("/x/page"), true, "the named group does not inherit from *"],
    [u("/y/page"), false, "the named group's own rule applies"],
  ]),
  // google ID_Encoding (RFC 9309 §2.2.2)
  ...group("ROB-2", "google ID_Encoding", fooOnly("Disallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n"), FOO, [
    [u("/foo/bar?qux=taz&baz=http://foo.bar?tar&par"), true, "reserved characters in a query compare raw on both sides"],
  ]),
  ...group("ROB-2", "google ID_Encoding", fooOnly("Disallow: /\nAllow: /foo/bar/ツ\n"), FOO, [
    [u("/foo/bar/%E3%83%84"), true, "a non-ASCII pattern matches its UTF-8 %-encoding"],
    [u("/foo/bar/ツ"), true, "a raw non-ASCII URL is %-encoded too (RFC: both sides)", false],
  ]),
  ...group("ROB-2", "google ID_Encoding", fooOnly("Disallow: /\nAllow: /foo/bar/%E3%83%84\n"), FOO, [
    [u("/foo/bar/%E3%83%84"), true, "an encoded pattern matches the encoded URL"],
    [u("/foo/bar/ツ"), true, "an encoded pattern matches the raw URL (RFC: both sides)", false],
  ]),
  ...group("ROB-2", "google ID_Encoding", fooOnly("Disallow: /\nAllow: /foo/bar/%62%61%7A\n"), FOO, [
    [u("/foo/bar/baz"), true, "%-encoded unreserved octets are decoded (RFC 9309 Fig. 4)", false],
    [u("/foo/bar/%62%61%7A"), true, "%-encoded unreserved octets match themselves"],
  ]),
  // google ID_SpecialCharacters
  ...group("ROB-2", "google ID_SpecialCharacters", fooOnly("Disallow: /foo/bar/quz\nAllow: /foo/*/qux\n"), FOO, [
    [u("/foo/bar/quz"), false, "* does not help a non-matching allow"],
    [u("/foo/quz"), true, "no rule matches /foo/quz"],
    [u("/foo//quz"), true, "no rule matches /foo//quz"],
    [u("/foo/bax/quz"), true, "no rule matches /foo/bax/quz"],
  ]),
  ...group("ROB-2", "google ID_SpecialCharacters", fooOnly("Disallow: /foo/bar$\nAllow: /foo/bar/qux\n"), FOO, [
    [u("/foo/bar"), false, "$ anchors the end (exact path)"],
    [u("/foo/bar/qux"), true, "$ anchors the end (longer path, allowed)"],
    [u("/foo/bar/"), true, "$ anchors the end (trailing slash)"],
    [u("/foo/bar/baz"), true, "$ anchors the end (other path)"],
  ]),
  ...group("ROB-2", "google ID_SpecialCharacters", fooOnly("# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n"), FOO, [
    [u("/foo/bar"), true, "a commented-out rule is ignored"],
    [u("/foo/quz"), false, "a trailing comment is cut from the rule"],
  ]),
  // google GoogleOnly_IndexHTMLisDirectory (not adopted: it would allow more than written)
  ...group("ROB-2", "google GoogleOnly_IndexHTMLisDirectory", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", [
    [u("/allowed-slash/"), false, "allowing index.html does not allow its directory", true],
    [u("/allowed-slash/index.htm"), false, "index.htm is not index.html"],
    [u("/allowed-slash/index.html"), true, "the exact allowed file"],
    [u("/anyother-url"), false, "everything else is disallowed"],
  ]),
  // google GoogleOnly_LineTooLong (Disallow cut like Google; Allow kept whole)
  ...group("ROB-2", "google GoogleOnly_LineTooLong", fooOnly(`disallow: ${longD}/qux\n`), FOO, [
    [u("/fux"), true, "a long disallow does not match elsewhere"],
    [u(`${longD}/fux`), false, "an over-long disallow is cut at Google's line limit"],
  ]),
  ...group("ROB-2", "google GoogleOnly_LineTooLong", fooOnly(`disallow: /\nallow: ${longA}/qux\nallow: ${longB}/qux\n`), FOO, [
    [u("/"), false, "the disallow applies"],
    [u(`${longA}/qux`), true, "a long allow matches exactly"],
    [u(`${longB}/fux`), false, "an over-long allow is not cut, so it allows only what it says", true],
  ]),
  // google GoogleOnly_DocumentationChecks (developers.google.com robots.txt spec)
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", docs("/fish"), FOO, [
    [u("/bar"), false, "/fish: other paths disallowed"],
    [u("/fish"), true, "/fish: /fish"],
    [u("/fish.html"), true, "/fish: /fish.html"],
    [u("/fish/salmon.html"), true, "/fish: /fish/salmon.html"],
    [u("/fishheads"), true, "/fish: /fishheads"],
    [u("/fishheads/yummy.html"), true, "/fish: /fishheads/yummy.html"],
    [u("/fish.html?id=anything"), true, "/fish: with a query"],
    [u("/Fish.asp"), false, "/fish: case differs"],
    [u("/catfish"), false, "/fish: not a prefix"],
    [u("/?id=fish"), false, "/fish: only in the query"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", docs("/fish*"), FOO, [
    [u("/bar"), false, "/fish*: other paths disallowed"],
    [u("/fish"), true, "/fish*: /fish"],
    [u("/fish.html"), true, "/fish*: /fish.html"],
    [u("/fish/salmon.html"), true, "/fish*: /fish/salmon.html"],
    [u("/fishheads"), true, "/fish*: /fishheads"],
    [u("/fishheads/yummy.html"), true, "/fish*: /fishheads/yummy.html"],
    [u("/fish.html?id=anything"), true, "/fish*: with a query"],
    [u("/Fish.bar"), false, "/fish*: case differs"],
    [u("/catfish"), false, "/fish*: not a prefix"],
    [u("/?id=fish"), false, "/fish*: only in the query"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", docs("/fish/"), FOO, [
    [u("/bar"), false, "/fish/: other paths disallowed"],
    [u("/fish/"), true, "/fish/: /fish/"],
    [u("/fish/salmon"), true, "/fish/: /fish/salmon"],
    [u("/fish/?salmon"), true, "/fish/: /fish/?salmon"],
    [u("/fish/salmon.html"), true, "/fish/: /fish/salmon.html"],
    [u("/fish/?id=anything"), true, "/fish/: with a query"],
    [u("/fish"), false, "/fish/: /fish"],
    [u("/fish.html"), false, "/fish/: /fish.html"],
    [u("/Fish/Salmon.html"), false, "/fish/: case differs"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", docs("/*.php"), FOO, [
    [u("/bar"), false, "/*.php: other paths disallowed"],
    [u("/filename.php"), true, "/*.php: /filename.php"],
    [u("/folder/filename.php"), true, "/*.php: in a folder"],
    [u("/folder/filename.php?parameters"), true, "/*.php: with a query"],
    [u("//folder/any.php.file.html"), true, "/*.php: .php in the middle"],
    [u("/filename.php/"), true, "/*.php: trailing slash"],
    [u("/index?f=filename.php/"), true, "/*.php: in the query"],
    [u("/php/"), false, "/*.php: no dot"],
    [u("/index?php"), false, "/*.php: no dot in the query"],
    [u("/windows.PHP"), false, "/*.php: case differs"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", docs("/*.php$"), FOO, [
    [u("/bar"), false, "/*.php$: other paths disallowed"],
    [u("/filename.php"), true, "/*.php$: /filename.php"],
    [u("/folder/filename.php"), true, "/*.php$: in a folder"],
    [u("/filename.php?parameters"), false, "/*.php$: a query is past the end"],
    [u("/filename.php/"), false, "/*.php$: trailing slash"],
    [u("/filename.php5"), false, "/*.php$: php5"],
    [u("/php/"), false, "/*.php$: no dot"],
    [u("/filename?php"), false, "/*.php$: in the query"],
    [u("/aaaphpaaa"), false, "/*.php$: php in the middle"],
    [u("//windows.PHP"), false, "/*.php$: case differs"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", docs("/fish*.php"), FOO, [
    [u("/bar"), false, "/fish*.php: other paths disallowed"],
    [u("/fish.php"), true, "/fish*.php: /fish.php"],
    [u("/fishheads/catfish.php?parameters"), true, "/fish*.php: deeper path with query"],
    [u("/Fish.PHP"), false, "/fish*.php: case differs"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", fooOnly("allow: /p\ndisallow: /\n"), FOO, [
    [u("/page"), true, "precedence: /p beats /"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", fooOnly("allow: /folder\ndisallow: /folder\n"), FOO, [
    [u("/folder/page"), true, "precedence: tie goes to allow"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", fooOnly("allow: /page\ndisallow: /*.htm\n"), FOO, [
    [u("/page.htm"), false, "precedence: /*.htm is longer than /page"],
  ]),
  ...group("ROB-2", "google GoogleOnly_DocumentationChecks", fooOnly("allow: /$\ndisallow: /\n"), FOO, [
    [u("/"), true, "precedence: /$ allows only the root"],
    [u("/page.html"), false, "precedence: /$ does not allow /page.html"],
  ]),
  // google TestGetPathParamsQuery / TestMaybeEscapePattern, seen through isAllowed
  ...group("ROB-2", "google TestGetPathParamsQuery", fooOnly("Disallow: /a/b?c=d&e=f$\n"), FOO, [
    [u("/a/b?c=d&e=f#fragment"), false, "the fragment is not part of the path"],
  ]),
  ...group("ROB-2", "google TestGetPathParamsQuery", fooOnly("Disallow: /a;b$\n"), FOO, [[u("/a;b#c"), false, "params stay in the path"]]),
  ...group("ROB-2", "google TestMaybeEscapePattern", fooOnly("Disallow: /á\n"), FOO, [
    [u("/%C3%A1"), false, "a pattern's non-ASCII is UTF-8 %-encoded"],
  ]),
  ...group("ROB-2", "google TestMaybeEscapePattern", fooOnly("Disallow: /%aa\n"), FOO, [
    [u("/%AA"), false, "%-escapes compare with uppercase hex"],
  ]),
];
