/** Who blocks which bots (SPEC WEB-9): verdicts per crawler with RFC 9309 group selection, since when, changes and counts over time. */
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../lib/csv";
import { botTableCsv, botTableRows, allChanges, monthPoints } from "../../../lib/robots/bot-table";
import { blockCounts, botVerdict, currentVerdicts, verdictChanges, type RobotsVersion } from "../../../lib/robots/bot-verdicts";
import { parseRobots } from "../../../lib/robots/robots";

// Written in the shapes news sites use: AI crawlers shut out by name, the rest under `*`.
const OPEN = "User-agent: *\nDisallow:\n";
const PRIVATE_PATHS = "User-agent: *\nDisallow: /buscador/\nDisallow: /*?utm_\n\nSitemap: https://www.diario.test/sitemap.xml\n";
const AI_BLOCKED = [
  "User-agent: GPTBot",
  "User-agent: CCBot",
  "user-agent: ClaudeBot",
  "Disallow: /",
  "",
  "User-agent: Google-Extended",
  "Disallow: /opinion/",
  "",
  "User-agent: *",
  "Allow: /",
  "Disallow: /buscador/",
].join("\n");

const at = (iso: string) => Date.parse(iso);
const version = (sha256: string, text: string, iso: string): RobotsVersion => ({ sha256, text, firstFetchedAt: at(iso) });

describe("botVerdict", () => {
  it.each([
    [OPEN, "GPTBot", "allowed"],
    [PRIVATE_PATHS, "GPTBot", "partial"],
    [AI_BLOCKED, "GPTBot", "disallowed"],
    [AI_BLOCKED, "claudebot", "disallowed"],
    [AI_BLOCKED, "Google-Extended", "partial"],
    // RFC 9309: a crawler named nowhere takes the `*` group, whose Disallow: /buscador/ is partial.
    [AI_BLOCKED, "PerplexityBot", "partial"],
    ["User-agent: *\nDisallow: /\n\nUser-agent: HemeroscopioBot\nAllow: /\n", "HemeroscopioBot", "allowed"],
    ["User-agent: *\nDisallow: /\n\nUser-agent: HemeroscopioBot\nAllow: /\n", "Bytespider", "disallowed"],
    // Tokens match whole: a group for GPTBot-Extra is not GPTBot's.
    ["User-agent: GPTBot-Extra\nDisallow: /\n", "GPTBot", "allowed"],
  ])("ROB-5: %j gives %s %s", (text, token, verdict) => {
    expect(botVerdict(parseRobots(text), token)).toBe(verdict);
  });
});

describe("since when, and what changed", () => {
  const versions = [
    version("a", OPEN, "2026-01-10T10:00:00Z"),
    version("b", PRIVATE_PATHS, "2026-02-03T10:00:00Z"),
    version("c", AI_BLOCKED, "2026-03-05T10:00:00Z"),
  ];

  it("dates a verdict from the first version of its unbroken run, and says when that is our first copy", () => {
    const now = currentVerdicts(versions, ["GPTBot", "PerplexityBot", "HemeroscopioBot"]);
    expect(now.get("GPTBot")).toEqual({ verdict: "disallowed", since: at("2026-03-05T10:00:00Z"), sinceFirstCopy: false, sha256: "c" });
    expect(now.get("PerplexityBot")).toMatchObject({ verdict: "partial", since: at("2026-02-03T10:00:00Z"), sinceFirstCopy: false });
    expect(currentVerdicts([versions[0]!], ["GPTBot"]).get("GPTBot")).toMatchObject({ verdict: "allowed", sinceFirstCopy: true });
    expect(currentVerdicts([]).size).toBe(0);
  });

  it("lists each change of verdict, oldest first", () => {
    expect(verdictChanges(versions, ["GPTBot"]).map((c) => [c.from, c.to, c.sha256])).toEqual([
      ["allowed", "partial", "b"],
      ["partial", "disallowed", "c"],
    ]);
  });

  it("counts outlets blocking each bot at each point, only among outlets we had a copy of", () => {
    const other = [version("x", AI_BLOCKED, "2026-02-20T00:00:00Z")];
    const counts = blockCounts(
      [versions, other],
      [at("2026-01-15T00:00:00Z"), at("2026-02-25T00:00:00Z"), at("2026-03-06T00:00:00Z")],
      ["GPTBot"],
    );
    expect(counts.map((c) => [c.known, c.counts.get("GPTBot")])).toEqual([
      [1, { disallowed: 0, partial: 0 }],
      [2, { disallowed: 1, partial: 1 }],
      [2, { disallowed: 2, partial: 0 }],
    ]);
  });

  it("writes the table as CSV and the changes newest first", () => {
    const rows = botTableRows([{ slug: "diario", name: "Diario", origin: "https://www.diario.test", versions }]);
    const [header, ...lines] = parseCsv(botTableCsv(rows));
    expect(header).toEqual(["outlet", "host", "bot", "verdict", "since", "since_first_copy", "robots_sha256"]);
    expect(lines.find((l) => l[2] === "GPTBot")).toEqual([
      "diario",
      "https://www.diario.test",
      "GPTBot",
      "disallowed",
      "2026-03-05T10:00:00.000Z",
      "false",
      "c",
    ]);
    const changes = allChanges([{ slug: "diario", name: "Diario", origin: "o", versions }]);
    expect(changes[0]!.at).toBe(at("2026-03-05T10:00:00Z"));
  });

  it("takes the first day of each month after the first copy, and now", () => {
    const now = at("2026-03-10T12:00:00Z");
    expect(monthPoints(at("2026-01-10T10:00:00Z"), now).map((p) => new Date(p).toISOString())).toEqual([
      "2026-01-31T23:00:00.000Z",
      "2026-02-28T23:00:00.000Z",
      "2026-03-10T12:00:00.000Z",
    ]);
  });
});
