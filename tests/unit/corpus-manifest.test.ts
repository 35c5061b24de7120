/**
 * The real-document corpus's manifest (SPEC EXT-7): every document says where its exact bytes
 * come from and what a reader sees in it, and the corpus holds what the fidelity figures need.
 * The bytes themselves are materialised from the named commits (`tests/corpus/README.md`);
 * `npm run bench -- fidelity` scores the parsers on them.
 */
import { describe, expect, it } from "vitest";
import { readManifest } from "../corpus/manifest";

const { files } = readManifest();
const of = (kind: string) => files.filter((f) => f.kind === kind);
/** Repositories kept for an independent check of the front-page extractor. */
const HELD_BACK = ["kaini/newslist", "GeorgeMarche/project-portfolio", "David-Beale/News-scraper-frontendV2"];

describe("the real-document corpus (EXT-7)", () => {
  it("EXT-7: every document has its provenance (repository, path, commit, sha256, size) and hand-checked expectations", () => {
    for (const f of files) {
      const where = `${f.kind}/${f.name}`;
      expect(f.repository, where).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(f.path.length, where).toBeGreaterThan(0);
      expect(f.commit, where).toMatch(/^[0-9a-f]{40}$/);
      expect(f.sha256, where).toMatch(/^[0-9a-f]{64}$/);
      expect(f.bytes, where).toBeGreaterThanOrEqual(0);
      expect(f.expect, where).toBeTypeOf("object");
      if (f.transform !== undefined) expect(f.sourceSha256, where).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(files.map((f) => `${f.kind}/${f.name}`)).size).toBe(files.length);
  });

  it("EXT-7: the corpus holds what the goals ask, and no front page from a held-back repository", () => {
    const fronts = of("frontpages");
    expect(fronts.length).toBeGreaterThanOrEqual(25);
    expect(new Set(fronts.map((f) => f.outlet)).size).toBeGreaterThanOrEqual(15);
    expect(fronts.filter((f) => f.language === "es").length).toBeGreaterThanOrEqual(8);
    expect(of("articles").length).toBeGreaterThanOrEqual(80);
    expect(of("articles").filter((f) => f.language === "es").length).toBeGreaterThanOrEqual(40);
    expect(of("feeds").length).toBeGreaterThanOrEqual(40);
    expect(of("sitemaps").length).toBeGreaterThanOrEqual(20);
    expect(fronts.filter((f) => HELD_BACK.includes(f.repository))).toEqual([]);
  });
});
