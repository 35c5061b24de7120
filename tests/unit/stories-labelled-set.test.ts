/**
 * The labelled real set for story clustering (SPEC DER-2): the manifest names every source
 * file with its provenance, the labels cover exactly the materialised items, the loader fails
 * loudly on missing or changed items, the development/held-out split is by story day, and
 * captures held back for an independent check are refused.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { heldBack } from "../../scripts/stories-materialise";
import { extractStoryItems, itemsJsonl } from "../stories/extract";
import { loadLabelledStories, splitByStoryDay } from "../stories/labelled-set";
import { readStoriesManifest, type StoryItem, type StorySourceFile } from "../stories/manifest";

const root = path.resolve(__dirname, "../..");
const HELD_BACK = ["albertbus/news-feed", "pratikaher88/IPythonNotebooks", "defgsus/frontpage-archive-2026"];
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const item = (url: string, time: string): StoryItem => ({
  url,
  outlet: "a.de",
  language: "de",
  time,
  title: `Titel ${url}`,
  description: null,
});

/** A project root holding only a stories manifest, labels and (optionally) items. */
function tinyRoot(items: StoryItem[], labels: Record<string, string>, write = true, manifestSha?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stories-"));
  temps.push(dir);
  fs.mkdirSync(path.join(dir, "tests/stories/files"), { recursive: true });
  const text = itemsJsonl(items);
  const sha = manifestSha ?? createHash("sha256").update(text).digest("hex");
  fs.writeFileSync(
    path.join(dir, "tests/stories/manifest.json"),
    JSON.stringify({ files: [], sources: [], itemsSha256: sha, itemCount: items.length }),
  );
  fs.writeFileSync(path.join(dir, "tests/stories/labels.json"), JSON.stringify({ guide: "tests/stories/GUIDE.md", items: labels }));
  if (write) fs.writeFileSync(path.join(dir, "tests/stories/files/items.jsonl"), text);
  return dir;
}

describe("the labelled story set (DER-2, DER-13)", () => {
  it("DER-2, DER-13: every source file has its provenance, none from a held-back repository, and every item a label", () => {
    const manifest = readStoriesManifest(root);
    for (const f of manifest.files) {
      const where = `${f.repository} ${f.commit}:${f.path}`;
      expect(f.commit, where).toMatch(/^[0-9a-f]{40}$/);
      expect(f.sha256, where).toMatch(/^[0-9a-f]{64}$/);
      expect(f.licence.length, where).toBeGreaterThan(0);
      expect(f.captured, where).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(HELD_BACK, where).not.toContain(f.repository);
      expect(heldBack(f), where).toBeUndefined();
      // fr.de and volksstimme.de are left out altogether, not only their held-back months.
      expect(["fr.de", "volksstimme.de"], where).not.toContain(f.outlet);
    }
    const labels = JSON.parse(fs.readFileSync(path.join(root, "tests/stories/labels.json"), "utf8")) as {
      guide: string;
      items: Record<string, string>;
    };
    expect(fs.existsSync(path.join(root, labels.guide))).toBe(true);
    expect(Object.keys(labels.items)).toHaveLength(manifest.itemCount);
    expect(manifest.itemsSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("DER-2: the materialiser refuses captures held back for an independent check", () => {
    const file = (outlet: string, captured: string, repository = "defgsus/frontpage-archive"): StorySourceFile => ({
      repository,
      path: `docs/snapshots/${outlet}/index.html`,
      commit: "0".repeat(40),
      sha256: "0".repeat(64),
      size: 0,
      licence: "none stated",
      outlet,
      language: "de",
      pageUrl: `https://www.${outlet}/`,
      captured,
      what: "home page",
    });
    expect(heldBack(file("fr.de", "2022-01-29T10:00:00Z"))).toMatch(/fr\.de captures of 2022-01 are held back/);
    expect(heldBack(file("volksstimme.de", "2022-01-30T01:00:00Z"))).toMatch(/volksstimme\.de/);
    expect(heldBack(file("fr.de", "2026-01-01T08:00:00Z"))).toMatch(/2026-01-01/);
    expect(heldBack(file("spiegel.de", "2026-02-01T08:00:00Z", "defgsus/frontpage-archive-2026"))).toMatch(/held-back repository/);
    // Named only by its page address or path, the outlet is still recognised.
    expect(heldBack({ ...file("fr.de", "2022-01-29T10:00:00Z"), outlet: "Frankfurter Rundschau" })).toBeDefined();
    expect(heldBack({ ...file("fr.de", "2022-01-29T10:00:00Z"), outlet: "FR", pageUrl: "https://example.org/" })).toBeDefined();
    expect(heldBack(file("spiegel.de", "2022-01-29T10:00:00Z"))).toBeUndefined();
    expect(heldBack(file("fr.de", "2022-02-01T01:12:00Z"))).toBeUndefined();
  });

  it("DER-2: the loader fails loudly when the items are missing or differ from the manifest", () => {
    const items = [item("https://a.de/1", "2022-01-29T10:00:00Z")];
    expect(() => loadLabelledStories(tinyRoot(items, { "https://a.de/1": "s" }, false))).toThrow(/is missing: run/);
    expect(() => loadLabelledStories(tinyRoot(items, { "https://a.de/1": "s" }, true, "0".repeat(64)))).toThrow(/sha256/);
    expect(() => loadLabelledStories(tinyRoot(items, {}))).toThrow(/no label/);
    expect(() => loadLabelledStories(tinyRoot(items, { "https://a.de/1": "s", "https://a.de/2": "t" }))).toThrow(/labels and items differ/);
  });

  it("DER-2: a story's items share the split of its first item's day", () => {
    const items = [
      item("https://a.de/1", "2022-01-29T22:00:00Z"),
      item("https://a.de/2", "2022-01-30T08:00:00Z"),
      item("https://a.de/3", "2022-01-30T09:00:00Z"),
    ];
    const labels = { "https://a.de/1": "storm", "https://a.de/2": "storm", "https://a.de/3": "brady" };
    const loaded = loadLabelledStories(tinyRoot(items, labels));
    expect(Object.fromEntries(loaded.split)).toEqual({
      "https://a.de/1": "development",
      "https://a.de/2": "development",
      "https://a.de/3": "held-out",
    });
    expect(splitByStoryDay(items, new Map(Object.entries(labels)), "2022-01-31").get("https://a.de/3")).toBe("development");
  });

  it("DER-2: an item is timed by the first capture that shows it, and titled by that capture", () => {
    const file = (captured: string): StorySourceFile => ({
      repository: "o/r",
      path: "index.html",
      commit: "0".repeat(40),
      sha256: "0".repeat(64),
      size: 0,
      licence: "none stated",
      outlet: "a.de",
      language: "de",
      pageUrl: "https://www.a.de/",
      captured,
      what: "home page",
    });
    const page = (headline: string) =>
      new TextEncoder().encode(
        `<html><body><main><article><h2><a href="/politik/sturm-ueber-dem-norden-1234.html">${headline}</a></h2></article></main></body></html>`,
      );
    const items = extractStoryItems([
      { file: file("2022-01-30T08:00:00Z"), bytes: page("Sturmtief richtet schwere Schäden im Norden an") },
      { file: file("2022-01-29T20:00:00Z"), bytes: page("Sturmtief zieht über den Norden hinweg") },
    ]);
    expect(items).toEqual([
      {
        url: "https://www.a.de/politik/sturm-ueber-dem-norden-1234.html",
        outlet: "a.de",
        language: "de",
        time: "2022-01-29T20:00:00Z",
        title: "Sturmtief zieht über den Norden hinweg",
        description: null,
      },
    ]);
    // A link labelled with its own address has no headline: it is no item.
    expect(
      extractStoryItems([
        { file: file("2022-01-29T20:00:00Z"), bytes: page("Link: https://www.a.de/politik/sturm-ueber-dem-norden-1234.html") },
      ]),
    ).toEqual([]);
  });
});
