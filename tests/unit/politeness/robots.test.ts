import { describe, expect, it } from "vitest";
import { ROBOTS_MAX_BYTES, robotsLines } from "@/lib/robots/lines";
import { compilePattern, matchesPattern, normalisePath } from "@/lib/robots/pattern";
import { isValidProductToken, parseRobots } from "@/lib/robots/robots";
import { CRAWL_DELAY_CASES, RFC_AND_OWN_CASES, SITEMAP_CASES } from "./robots-cases";
import { GOOGLE_MATCHING_CASES } from "./robots-cases-google-matching";
import { GOOGLE_SYNTAX_CASES } from "./robots-cases-google-syntax";

const ALLOW_CASES = [...GOOGLE_SYNTAX_CASES, ...GOOGLE_MATCHING_CASES, ...RFC_AND_OWN_CASES];

describe("parseRobots().isAllowed — conformance table", () => {
  it("ROB-2: the table has at least 80 cases", () => expect(ALLOW_CASES.length).toBeGreaterThanOrEqual(80));

  const rows = ALLOW_CASES.map((c) => [`${c.spec}: ${c.name} [${c.source}]`, c] as const);
  it.each(rows)("%s", (_title, { robots, agent, url, allowed }) => {
    expect(parseRobots(robots).isAllowed(url, agent)).toBe(allowed);
  });
});

describe("parseRobots().crawlDelay", () => {
  it.each(CRAWL_DELAY_CASES.map((c) => [c.name, c] as const))("ROB-2: Crawl-delay — %s", (_name, { robots, agent, delay }) => {
    expect(parseRobots(robots).crawlDelay(agent)).toBe(delay);
  });
});

describe("parseRobots().sitemaps", () => {
  it.each(SITEMAP_CASES.map((c) => [c.name, c] as const))("ROB-2: Sitemap — %s", (_name, { robots, sitemaps }) => {
    expect(parseRobots(robots).sitemaps).toEqual(sitemaps);
  });
});

describe("parseRobots().contentSignals", () => {
  it("SIG-4: Content-Signal and Content-Usage lines are kept as data with their group's agents", () => {
    const robots = parseRobots(
      "Content-Usage: train-ai=n\n" +
        "User-agent: *\nUser-agent: HemeroscopioBot\nContent-Signal: search=yes, ai-train=no\nAllow: /\n" +
        "User-agent: GPTBot\nContent-Usage: /ai-ok/ train-ai=y\nDisallow: /\n",
    );
    expect(robots.contentSignals).toEqual([
      { field: "content-usage", agents: [], value: "train-ai=n" },
      { field: "content-signal", agents: ["*", "hemeroscopiobot"], value: "search=yes, ai-train=no" },
      { field: "content-usage", agents: ["gptbot"], path: "/ai-ok/", value: "train-ai=y" },
    ]);
  });

  it("SIG-4: a Content-Signal line does not change what is allowed", () => {
    const robots = parseRobots("User-agent: *\nContent-Signal: ai-train=no\nDisallow: /x\n");
    expect([robots.isAllowed("https://a.test/x", "HemeroscopioBot"), robots.isAllowed("https://a.test/y", "HemeroscopioBot")]).toEqual([
      false,
      true,
    ]);
  });
});

describe("robots.txt size cap (RFC 9309 §2.5)", () => {
  const filler = `# ${"x".repeat(98)}\n`; // 101 bytes a line

  it("ROB-2: rules within the first 500 KiB are read", () => {
    const body = "User-agent: *\n" + filler.repeat(Math.ceil(500_100 / filler.length)) + "Disallow: /late\n";
    expect(new TextEncoder().encode(body).length).toBeGreaterThan(500_000);
    expect(parseRobots(body).isAllowed("https://a.test/late", "HemeroscopioBot")).toBe(false);
  });

  it("ROB-2: content past the 512 KiB cap is ignored, and so is the line it cuts", () => {
    const head = "User-agent: *\n" + filler.repeat(Math.ceil(ROBOTS_MAX_BYTES / filler.length));
    const body = head + "Disallow: /beyond\n";
    expect(parseRobots(body).isAllowed("https://a.test/beyond", "HemeroscopioBot")).toBe(true);
    const cut = "User-agent: *\n" + "#".repeat(ROBOTS_MAX_BYTES - 30) + "\nDisallow: /a-very-long-path-cut-by-the-cap\n";
    expect(robotsLines(cut).map((l) => l.value)).toEqual(["*"]);
  });
});

describe("robots.txt helpers", () => {
  it.each([
    ["Foobot", true],
    ["Foobot-Bar", true],
    ["Foo_Bar", true],
    ["", false],
    ["ツ", false],
    ["Foobot*", false],
    [" Foobot ", false],
    ["Foobot/2.1", false],
    ["Foobot Bar", false],
    ["MyBot2", false],
  ])("ROB-2: product token %j valid = %s (google ID_VerifyValidUserAgentsToObey)", (token, valid) => {
    expect(isValidProductToken(token)).toBe(valid);
  });

  it.each([
    ["/a/b/c", "/a/b/c"],
    ["á", "%C3%A1"],
    ["%aa", "%AA"],
    ["/%7Euser/%2Fx", "/~user/%2Fx"],
    ["/100%", "/100%25"],
    ["/a?u=https%3A%2F%2Fb.c%2Fd", "/a?u=https://b.c/d"],
    ["/%3A?x", "/%3A?x"],
    ["/a'b*$", "/a%27b%2A%24"],
  ])("ROB-2: normalisePath(%j) = %j (RFC 9309 §2.2.2)", (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it.each([
    ["/a*b*c$", "/a-b-c", true],
    ["/a*b*c$", "/a-b-c-d", false],
    ["/a*c$", "/abcbc", true],
    ["*", "/", true],
    ["/a$", "/a", true],
  ])("ROB-2: pattern %j vs %j = %s", (pattern, path, matches) => {
    const compiled = compilePattern(pattern);
    expect(compiled && matchesPattern(compiled, path)).toBe(matches);
  });

  it("ROB-2: matching stays fast on hostile wildcard patterns", () => {
    const robots = parseRobots(`User-agent: *\nDisallow: /${"*a".repeat(2000)}b\n`);
    const started = performance.now();
    expect(robots.isAllowed(`https://a.test/${"a".repeat(20_000)}`, "HemeroscopioBot")).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
