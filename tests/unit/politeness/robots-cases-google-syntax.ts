/** The robots.txt table, part 2: google/robotstxt `robots_test.cc` syntax and grouping cases. */
import { FOO, fooOnly, group, u, utf8, type AllowCase } from "./robots-cases";

const GROUPS =
  "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\n" +
  "allow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n";
const NEWLINES = (nl: string, last = nl): string =>
  ["User-Agent: foo", "Allow: /some/path", "User-Agent: bar", "", "", "Disallow: /"].join(nl) + last;

/** google/robotstxt: lines, records, groups, user-agents, line endings, BOM. */
export const GOOGLE_SYNTAX_CASES: AllowCase[] = [
  // google GoogleOnly_SystemTest
  ...group("ROB-2", "google GoogleOnly_SystemTest", "", FOO, [[u("/"), true, "an empty robots.txt allows everything"]]),
  ...group("ROB-2", "google GoogleOnly_SystemTest", "user-agent: FooBot\ndisallow: /\n", "", [
    [u("/x"), true, "an empty product token matches no group"],
  ]),
  ...group("ROB-2", "google GoogleOnly_SystemTest", "user-agent: FooBot\ndisallow: /\n", FOO, [
    ["", false, "an empty URL is never allowed"],
  ]),
  ...group("ROB-2", "google GoogleOnly_SystemTest", "", FOO, [["", false, "something that is not a URL is never allowed", true]]),
  // google ID_LineSyntax_Line
  ...group("ROB-2", "google ID_LineSyntax_Line", "user-agent: FooBot\ndisallow: /\n", FOO, [
    [u("/x/y"), false, "key: value lines are read"],
  ]),
  ...group("ROB-2", "google ID_LineSyntax_Line", "foo: FooBot\nbar: /\n", FOO, [[u("/x/y"), true, "unknown keys are ignored"]]),
  ...group("ROB-2", "google ID_LineSyntax_Line", "user-agent FooBot\ndisallow /\n", FOO, [
    [u("/x/y"), false, "a missing colon is tolerated (Google)"],
  ]),
  // google ID_LineSyntax_Groups
  ...group("ROB-2", "google ID_LineSyntax_Groups", GROUPS, FOO, [
    [u("/x/b"), true, "FooBot's first group allows /x/"],
    [u("/z/d"), true, "FooBot's two groups are merged"],
    [u("/y/c"), false, "BarBot's allow does not leak into FooBot"],
    [u("/foo/bar/"), false, "a rule before the first user-agent is ignored"],
  ]),
  ...group("ROB-2", "google ID_LineSyntax_Groups", GROUPS, "BarBot", [
    [u("/y/c"), true, "BarBot allows /y/"],
    [u("/w/a"), true, "blank lines do not end a group"],
    [u("/z/d"), false, "FooBot's allow does not leak into BarBot"],
    [u("/foo/bar/"), false, "a rule before the first user-agent is ignored (BarBot)"],
  ]),
  ...group("ROB-2", "google ID_LineSyntax_Groups", GROUPS, "BazBot", [
    [u("/z/d"), true, "consecutive user-agent lines share one group"],
    [u("/foo/bar/"), false, "a rule before the first user-agent is ignored (BazBot)"],
  ]),
  // google ID_LineSyntax_Groups_OtherRules
  ...group(
    "ROB-2",
    "google ID_LineSyntax_Groups_OtherRules",
    "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n",
    "BarBot",
    [[u("/"), false, "a Sitemap line does not split user-agent lines"]],
  ),
  ...group(
    "ROB-2",
    "google ID_LineSyntax_Groups_OtherRules",
    "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n",
    FOO,
    [[u("/"), false, "the * group applies to unnamed agents"]],
  ),
  ...group(
    "ROB-2",
    "google ID_LineSyntax_Groups_OtherRules",
    "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n",
    FOO,
    [[u("/"), false, "an unknown line does not split user-agent lines"]],
  ),
  ...group(
    "ROB-2",
    "google ID_LineSyntax_Groups_OtherRules",
    "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n",
    "BarBot",
    [[u("/"), false, "the * group applies to BarBot"]],
  ),
  // google ID_REPLineNamesCaseInsensitive
  ...[
    "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n",
    "user-agent: FooBot\nallow: /x/\ndisallow: /\n",
    "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n",
  ].flatMap((robots, i) =>
    group("ROB-2", "google ID_REPLineNamesCaseInsensitive", robots, FOO, [
      [u("/x/y"), true, `record names are case-insensitive (${["upper", "lower", "camel"][i]}, allowed)`],
      [u("/a/b"), false, `record names are case-insensitive (${["upper", "lower", "camel"][i]}, disallowed)`],
    ]),
  ),
  // google ID_UserAgentValueCaseInsensitive + GoogleOnly_AcceptUserAgentUpToFirstSpace
  ...["FOO BAR", "foo bar", "FoO bAr"].flatMap((ua) =>
    ["Foo", "foo"].flatMap((agent) =>
      group("ROB-2", "google ID_UserAgentValueCaseInsensitive", `User-Agent: ${ua}\nAllow: /x/\nDisallow: /\n`, agent, [
        [u("/x/y"), true, `'${ua}' names ${agent} (allowed)`],
        [u("/a/b"), false, `'${ua}' names ${agent} (disallowed)`],
      ]),
    ),
  ),
  ...group(
    "ROB-2",
    "google GoogleOnly_AcceptUserAgentUpToFirstSpace",
    "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n",
    "Foo",
    [[u("/x/y"), true, "a user-agent value is read up to the first space"]],
  ),
  ...group(
    "ROB-2",
    "google GoogleOnly_AcceptUserAgentUpToFirstSpace",
    "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n",
    "Foo Bar",
    [[u("/x/y"), false, "an invalid product token only gets the * group"]],
  ),
  // google ID_GlobalGroups_Secondary
  ...group("ROB-2", "google ID_GlobalGroups_Secondary", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", FOO, [
    [u("/x/y"), false, "a group naming us replaces the * group"],
  ]),
  ...group("ROB-2", "google ID_GlobalGroups_Secondary", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", "BarBot", [
    [u("/x/y"), true, "an unnamed agent follows the * group"],
  ]),
  ...group(
    "ROB-2",
    "google ID_GlobalGroups_Secondary",
    "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n",
    "QuxBot",
    [[u("/x/y"), true, "no matching group and no * group: no rules apply"]],
  ),
  // google ID_AllowDisallow_Value_CaseSensitive
  ...group("ROB-2", "google ID_AllowDisallow_Value_CaseSensitive", fooOnly("disallow: /x/\n"), FOO, [
    [u("/x/y"), false, "paths match case-sensitively (same case)"],
  ]),
  ...group("ROB-2", "google ID_AllowDisallow_Value_CaseSensitive", fooOnly("disallow: /X/\n"), FOO, [
    [u("/x/y"), true, "paths match case-sensitively (other case)"],
  ]),
  // google ID_LinesNumbersAreCountedCorrectly: all line endings
  ...(
    [
      ["LF", NEWLINES("\n")],
      ["CRLF", NEWLINES("\r\n")],
      ["CR", NEWLINES("\r")],
      ["no final newline", NEWLINES("\n", "")],
      ["mixed", "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /"],
    ] as const
  ).flatMap(([label, robots]) =>
    group("ROB-2", "google ID_LinesNumbersAreCountedCorrectly", robots, "bar", [[u("/x"), false, `${label} line endings`]]),
  ),
  // google ID_UTF8ByteOrderMarkIsSkipped
  ...(
    [
      ["a full BOM is skipped", [0xef, 0xbb, 0xbf], false],
      ["a partial BOM (2 bytes) is skipped", [0xef, 0xbb], false],
      ["a partial BOM (1 byte) is skipped", [0xef], false],
      ["a broken BOM spoils only the first line", [0xef, 0x11, 0xbf], true],
    ] as const
  ).flatMap(([name, bom, allowed]) =>
    group("ROB-2", "google ID_UTF8ByteOrderMarkIsSkipped", utf8([...bom], "User-Agent: foo\nDisallow: /AnyValue\n"), "foo", [
      [u("/AnyValue"), allowed, name],
    ]),
  ),
  ...group("ROB-2", "google ID_UTF8ByteOrderMarkIsSkipped", utf8("User-Agent: foo\n", [0xef, 0xbb, 0xbf], "Disallow: /AnyValue\n"), "foo", [
    [u("/AnyValue"), true, "a BOM in the middle of the file spoils its line"],
  ]),
];
