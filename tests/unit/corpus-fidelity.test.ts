/**
 * The real-document corpus gates CI (SPEC EXT-7, EXT-1..5, SIG-1..3): the 191 documents of
 * tests/corpus/manifest.json, read from the shared copy (`../shared/corpus/`, or
 * tests/corpus/files/ when materialised) and checked against their sha256, are scored by
 * the real parsers (tests/corpus/fidelity.ts) and each kind holds a floor just under the
 * figures measured when the floor was set (docs/real-web.md). A missing or altered file
 * fails: the corpus is never skipped. Speed belongs to `npm run bench -- fidelity`.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { scoreKind, type KindScore } from "../corpus/fidelity";
import { assertCorpus, corpusDir, readManifest, type CorpusKind } from "../corpus/manifest";

const manifest = readManifest();
/** Checks passed at least, per kind (measured: front pages 94 of 96 checks and 30 of 32 pages; articles 772 of 772; feeds 164 of 164; sitemaps 95 of 95). */
const FLOORS: Record<CorpusKind, { files: number; checks: number; total: number; pages?: number }> = {
  frontpages: { files: 32, checks: 93, total: 96, pages: 29 },
  articles: { files: 95, checks: 770, total: 772 },
  feeds: { files: 42, checks: 163, total: 164 },
  sitemaps: { files: 22, checks: 94, total: 95 },
};
// Parsing 57 MiB of real pages on a busy machine: a generous guard, not a speed figure.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const misses = (s: KindScore) => s.misses.map((m) => `${m.file} · ${m.check}: expected ${m.expected} · got ${m.got}`).join("\n");

describe("fidelity on the real-document corpus (EXT-7)", () => {
  beforeAll(() => {
    // Throws, naming every missing or altered file, before any kind is scored.
    assertCorpus(manifest, corpusDir());
  });

  it("EXT-7: the manifest lists the 191 documents the floors were measured on", () => {
    expect(manifest.files).toHaveLength(191);
  });

  it.each(Object.keys(FLOORS) as CorpusKind[])("EXT-7: %s stay at or above their floor", (kind) => {
    const floor = FLOORS[kind];
    const score = scoreKind(manifest, kind, corpusDir());
    expect(score.files).toBe(floor.files);
    expect(score.total, "checks scored").toBe(floor.total);
    expect(score.passed, misses(score)).toBeGreaterThanOrEqual(floor.checks);
    if (floor.pages !== undefined) expect(score.pagesPassing, misses(score)).toBeGreaterThanOrEqual(floor.pages);
  });
});
