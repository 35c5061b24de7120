import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { OutletsFileError, parseOutletsFile, readOutletsFile, serializeOutlets, type OutletConfig } from "@/lib/outlets-file";

const SEED = fileURLToPath(new URL("../../db/seed/outlets.json", import.meta.url));
const minimal = { slug: "elpais", name: "EL PAÍS", homepage: "https://elpais.com/" };
const json = (value: unknown) => JSON.stringify(value);

/** The error `fn` throws, asserted to be a one-line `OutletsFileError`. */
function failure(fn: () => unknown): OutletsFileError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(OutletsFileError);
    expect((error as Error).message).not.toMatch(/[\r\n]/);
    return error as OutletsFileError;
  }
  throw new Error("expected an OutletsFileError, nothing was thrown");
}

describe("parseOutletsFile", () => {
  it("CFG-1: missing optional keys take SPEC's defaults", () => {
    expect(parseOutletsFile(json([minimal]))).toEqual([
      {
        ...minimal,
        country: "ES",
        language: "es",
        groups: [],
        timezone: "Europe/Madrid",
        feeds: [],
        sitemaps: [],
        renderMode: "static",
        active: true,
        feedIntervalMinutes: 10,
        sitemapIntervalMinutes: 15,
      },
    ]);
  });

  it("CFG-1: explicit values override the defaults", () => {
    const full = {
      ...minimal,
      country: "AD",
      language: "ca",
      groups: ["regional", "cataluna"],
      timezone: "Atlantic/Canary",
      feeds: ["https://feeds.elpais.com/portada"],
      sitemaps: ["https://elpais.com/news.xml"],
      legalNotice: "https://elpais.com/info/aviso-legal/",
      renderMode: "browser",
      active: false,
      feedIntervalMinutes: 5,
      sitemapIntervalMinutes: 30,
    };
    expect(parseOutletsFile(json([full]))).toEqual([full]);
  });

  it("CFG-1: an unknown key is an error naming the item, its slug and the key", () => {
    const items = [1, 2, 3].map((n) => ({ ...minimal, slug: `o${n}`, homepage: `https://o${n}.es/` }));
    const error = failure(() => parseOutletsFile(json([...items, { ...minimal, feed: ["https://x.es/rss"] }])));
    expect(error.code).toBe("outlets_file_invalid");
    expect(error.message).toBe('outlets file: item 3 ("elpais"): unknown key "feed"');
  });

  it("CFG-1: a misspelt required key is reported as unknown, not only as missing", () => {
    const { homepage, ...rest } = minimal;
    expect(failure(() => parseOutletsFile(json([{ ...rest, homepgae: homepage }]))).message).toContain('unknown key "homepgae"');
  });

  it("CFG-1: a missing required key is named", () => {
    expect(failure(() => parseOutletsFile(json([{ slug: "x", name: "X" }]))).message).toBe(
      'outlets file: item 0 ("x"): missing key "homepage"',
    );
  });

  test.each([
    ["ftp://x", 'homepage must be an absolute http(s) URL (got "ftp://x")'],
    ["http:elpais.com", 'homepage must be an absolute http(s) URL (got "http:elpais.com")'],
    ["/portada", 'homepage must be an absolute http(s) URL (got "/portada")'],
    [" https://elpais.com/", 'homepage must be an absolute http(s) URL (got " https://elpais.com/")'],
    [42, "homepage must be an absolute http(s) URL (got 42)"],
  ])("CFG-1: homepage %j is rejected with the value shown", (homepage, message) => {
    expect(failure(() => parseOutletsFile(json([{ ...minimal, homepage }]))).message).toBe(`outlets file: item 0 ("elpais"): ${message}`);
  });

  it("CFG-1: a bad feed URL is named by its position in the list", () => {
    const outlet = { ...minimal, feeds: ["https://elpais.com/rss", "mailto:a@b.es"] };
    expect(failure(() => parseOutletsFile(json([outlet]))).message).toContain(
      'feeds[1] must be an absolute http(s) URL (got "mailto:a@b.es")',
    );
  });

  it("CFG-1: the same feed URL listed twice is rejected", () => {
    const outlet = { ...minimal, feeds: ["https://elpais.com/rss", "https://elpais.com/rss"] };
    expect(failure(() => parseOutletsFile(json([outlet]))).message).toContain("feeds[1] repeats an earlier URL");
  });

  test.each(["Europe/Madrid", "Atlantic/Canary", "America/Argentina/Buenos_Aires", "UTC"])(
    "CFG-1: IANA time zone %s is accepted",
    (timezone) => {
      expect(parseOutletsFile(json([{ ...minimal, timezone }]))[0]?.timezone).toBe(timezone);
    },
  );

  test.each(["Europe/Madird", "Mars/Olympus", "+01:00", "CET+1", ""])("CFG-1: time zone %j is rejected", (timezone) => {
    expect(failure(() => parseOutletsFile(json([{ ...minimal, timezone }]))).message).toContain(
      `timezone must be an IANA time zone, like "Europe/Madrid" (got ${json(timezone)})`,
    );
  });

  test.each([
    ["slug", "El País", "slug must be lower-case letters, digits and '-'"],
    ["name", "  ", "name must not be empty"],
    ["country", "es", "country must be an upper-case ISO 3166-1 alpha-2 code"],
    ["country", "ESP", "country must be an upper-case ISO 3166-1 alpha-2 code"],
    ["language", "ES", "language must be a lower-case BCP 47 language tag"],
    ["renderMode", "js", 'renderMode must be "static" or "browser"'],
    ["active", "yes", "active must be true or false"],
    ["feedIntervalMinutes", 0, "feedIntervalMinutes must be a positive whole number of minutes"],
    ["sitemapIntervalMinutes", 7.5, "sitemapIntervalMinutes must be a positive whole number of minutes"],
    ["feedIntervalMinutes", "10", "feedIntervalMinutes must be a positive whole number of minutes"],
  ])("CFG-1: %s = %j is rejected naming the key", (key, value, message) => {
    expect(failure(() => parseOutletsFile(json([{ ...minimal, [key]: value }]))).message).toContain(message);
  });

  it("CFG-1: two outlets with the same slug are rejected naming both items", () => {
    const other = { ...minimal, name: "Otro", homepage: "https://otro.es/" };
    expect(failure(() => parseOutletsFile(json([minimal, other]))).message).toBe(
      'outlets file: item 1 ("elpais"): slug "elpais" is already used by item 0',
    );
  });

  it("CFG-1: an item that is not an object is rejected", () => {
    expect(failure(() => parseOutletsFile(json([minimal, "elmundo"]))).message).toBe(
      'outlets file: item 1: must be an object (got "elmundo")',
    );
  });

  it("CFG-1: YAML is accepted, chosen by extension or by content", () => {
    const yaml = "- slug: elpais\n  name: EL PAÍS\n  homepage: https://elpais.com/\n  feeds:\n    - https://feeds.elpais.com/portada\n";
    const expected = parseOutletsFile(json([{ ...minimal, feeds: ["https://feeds.elpais.com/portada"] }]));
    expect(parseOutletsFile(yaml, "outlets.yaml")).toEqual(expected);
    expect(parseOutletsFile(yaml, "outlets.yml")).toEqual(expected);
    expect(parseOutletsFile(yaml)).toEqual(expected);
  });

  it("CFG-1: YAML 1.2 keeps 'no' a string, so a YAML 1.1 boolean is an error rather than a surprise", () => {
    const yaml = "- slug: elpais\n  name: EL PAÍS\n  homepage: https://elpais.com/\n  active: no\n";
    expect(failure(() => parseOutletsFile(yaml, "o.yaml")).message).toContain('active must be true or false (got "no")');
  });

  it("CFG-1: a { outlets: [...] } wrapper is accepted in JSON and YAML", () => {
    expect(parseOutletsFile(json({ outlets: [minimal] }))).toHaveLength(1);
    expect(parseOutletsFile("outlets:\n  - slug: a\n    name: A\n    homepage: https://a.es/\n", "o.yaml")).toHaveLength(1);
  });

  it("CFG-1: a wrapper with another top-level key is rejected naming it", () => {
    expect(failure(() => parseOutletsFile(json({ outlets: [], version: 2 }))).message).toBe(
      'outlets file: unknown top-level key "version"',
    );
  });

  test.each([null, { elpais: minimal }, "elpais"])("CFG-1: a top level of %j is rejected", (data) => {
    expect(failure(() => parseOutletsFile(json(data))).message).toMatch(/^outlets file: must be a list of outlets/);
  });

  test.each([
    ['[{"slug": "a",}]', "line 1, column 15"],
    ['[\n  {"slug": "a"}\n  {"slug": "b"}\n]', "line 3, column 3"],
    ['[{"slug": "a"', "line 1, column 14"],
    ["", "line 1, column 1"],
  ])("CFG-1: invalid JSON %j gives one line with its position", (text, position) => {
    const error = failure(() => parseOutletsFile(text, "outlets.json"));
    expect(error.code).toBe("outlets_file_syntax");
    expect(error.message).toMatch(new RegExp(`^outlets file outlets\\.json: invalid JSON at ${position} \\(.+\\)$`));
  });

  it("CFG-1: invalid YAML gives one line with its position", () => {
    const error = failure(() => parseOutletsFile("- slug: a\n  name: [A\n- slug: b\n", "outlets.yaml"));
    expect(error.code).toBe("outlets_file_syntax");
    expect(error.message).toMatch(/^outlets file outlets\.yaml: invalid YAML at line \d+, column \d+ \(.+\)$/);
  });

  it("CFG-1: a byte-order mark does not break parsing", () => {
    expect(parseOutletsFile(`\uFEFF${json([minimal])}`, "o.json")).toHaveLength(1);
  });
});

describe("serializeOutlets", () => {
  const outlets: OutletConfig[] = parseOutletsFile(
    json([
      { ...minimal, feeds: ["https://feeds.elpais.com/a?x=1&y=2"], legalNotice: "https://elpais.com/info/aviso-legal/" },
      { slug: "ara", name: "Ara", language: "ca", homepage: "https://www.ara.cat/", sitemaps: ["https://www.ara.cat/s.xml"] },
    ]),
  );

  test.each(["json", "yaml"] as const)("CFG-1: %s export parses back to the same outlets", (format) => {
    expect(parseOutletsFile(serializeOutlets(outlets, format), `outlets.${format}`)).toEqual(outlets);
  });

  it("CFG-1: export writes keys in docs/architecture.md's order", () => {
    const [first] = JSON.parse(serializeOutlets(outlets, "json")) as Record<string, unknown>[];
    expect(Object.keys(first ?? {})).toEqual([
      "slug",
      "name",
      "country",
      "language",
      "groups",
      "timezone",
      "homepage",
      "feeds",
      "sitemaps",
      "legalNotice",
      "renderMode",
      "active",
      "feedIntervalMinutes",
      "sitemapIntervalMinutes",
    ]);
  });

  it("CFG-1: export drops fields outside the contract, so a DB row exports cleanly", () => {
    const row = { ...outlets[0]!, id: 7, createdAt: "2025-01-01" } as OutletConfig;
    expect(serializeOutlets([row], "json")).not.toMatch(/"id"|createdAt/);
  });
});

describe("readOutletsFile", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "outlets-file-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("CFG-1: an unreadable path is a one-line error naming the path and the reason", async () => {
    const path = join(dir, "missing.json");
    const error = await readOutletsFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutletsFileError);
    expect((error as OutletsFileError).code).toBe("outlets_file_unreadable");
    expect((error as Error).message).toBe(`outlets file ${path}: cannot read it (ENOENT: no such file or directory)`);
  });

  it("CFG-1: a directory given as the outlets file is a one-line error", async () => {
    const error = (await readOutletsFile(dir).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(`outlets file ${dir}: cannot read it (EISDIR: illegal operation on a directory)`);
  });

  it("CFG-1: a syntax error in a read file names the file", async () => {
    const path = join(dir, "broken.json");
    await writeFile(path, '[{"slug": "a"');
    await expect(readOutletsFile(path)).rejects.toThrow(`outlets file ${path}: invalid JSON at line 1, column 14`);
  });
});

describe("db/seed/outlets.json", () => {
  let outlets: OutletConfig[] = [];
  beforeAll(async () => {
    outlets = await readOutletsFile(SEED);
  });

  it("CFG-1: the shipped list parses and holds at least 20 real outlets", () => {
    expect(outlets.length).toBeGreaterThanOrEqual(20);
  });

  it("CFG-1: every shipped outlet has at least one feed or sitemap", () => {
    expect(outlets.filter((o) => o.feeds.length + o.sitemaps.length === 0).map((o) => o.slug)).toEqual([]);
  });

  it("CFG-1: shipped home pages are unique", () => {
    const homepages = outlets.map((o) => o.homepage);
    expect(new Set(homepages).size).toBe(homepages.length);
  });

  it("CFG-1: no shipped outlet points at a test or loopback host", () => {
    const urls = outlets.flatMap((o) => [o.homepage, ...o.feeds, ...o.sitemaps, ...(o.legalNotice ? [o.legalNotice] : [])]);
    expect(urls.filter((u) => /\.(test|example|invalid|localhost)\b|127\.0\.0\.1/.test(new URL(u).hostname))).toEqual([]);
  });

  it("CFG-1: the shipped file is in the canonical export form", async () => {
    expect(await readFile(SEED, "utf8")).toBe(serializeOutlets(outlets, "json"));
  });
});
