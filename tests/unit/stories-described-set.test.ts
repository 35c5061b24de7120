/**
 * The described story set (SPEC DER-2): real headlines with their teaser summaries, labelled by
 * hand (tests/stories/described/GUIDE.md). Its manifest names every source file with its
 * provenance, and summaries are read from each outlet's own summary element. The clustering is
 * scored on the materialised items by `npm run bench -- stories` (docs/stories.md): the items come
 * from the public mirrors, not from the repository, and are not yet among the shared files CI has.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectProvenance } from "../stories/set-checks";
import { teaserSummaries } from "../stories/described/summaries";
import { readStoriesManifest } from "../stories/manifest";

const root = path.resolve(__dirname, "../..");

describe("the described story set (DER-2, DER-13)", () => {
  it("DER-2, DER-13: every source file has its provenance, none held back, and every item a label", () => {
    const manifest = readStoriesManifest(root, "described");
    expect(manifest.files.length).toBeGreaterThan(0);
    for (const f of manifest.files) expectProvenance(f, new Set());
    expect(manifest.extractedAt).toMatch(/^[0-9a-f]{40}$/);
    const labels = JSON.parse(fs.readFileSync(path.join(root, "tests/stories/described/labels.json"), "utf8")) as {
      guide: string;
      items: Record<string, string>;
    };
    expect(fs.existsSync(path.join(root, labels.guide))).toBe(true);
    expect(Object.keys(labels.items)).toHaveLength(manifest.itemCount);
    expect(manifest.itemCount).toBeGreaterThanOrEqual(1500);
  });

  it("DER-2: a teaser's summary is tied to its own article link, and other outlets' markup is not read", () => {
    const page = new TextEncoder().encode(
      `<html><body>
        <article><h2><a href="/politik/sturm-1.html">Sturm im Norden</a></h2>
          <section><a href="/politik/sturm-1.html"><span class="font-serifUI">Orkanböen legen den Bahnverkehr in Norddeutschland lahm.</span></a></section></article>
        <article><h2><a href="/sport/finale-2.html">Finale in Melbourne</a></h2>
          <section><span class="font-serifUI">Kurz.</span></section></article>
      </body></html>`,
    );
    const found = teaserSummaries(page, "spiegel.de", "https://www.spiegel.de/");
    expect(Object.fromEntries(found)).toEqual({
      "https://www.spiegel.de/politik/sturm-1.html": "Orkanböen legen den Bahnverkehr in Norddeutschland lahm.",
    });
    expect(teaserSummaries(page, "example.org", "https://example.org/").size).toBe(0);
  });
});
