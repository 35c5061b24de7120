/** The bulk files' manifest (SPEC WEB-9, STO-4): names served, digests, and when a kept day must be rewritten. */
import { describe, expect, it } from "vitest";
import { needsRewrite, parseBulkFileName, parseBulkManifest, policyDigest, sha256Hex } from "../../../lib/bulk/manifest";

const WRITTEN = "2026-12-04T03:00:00.000Z";
const manifest = { generated_at: WRITTEN, outlets: { gaceta: 120, faro: 3 }, policy_digest: policyDigest({ faro: ["total"] }, []) };

describe("bulk manifest", () => {
  it("serves only the eight file names a day has", () => {
    expect(parseBulkFileName("articles.csv.gz")).toEqual({ dataset: "articles", format: "csv.gz" });
    expect(parseBulkFileName("rank-spans.parquet")).toEqual({ dataset: "rank-spans", format: "parquet" });
    for (const bad of ["outlets.csv.gz", "articles.csv", "../manifest.json", "articles.parquet.tmp", "manifest.json"])
      expect(parseBulkFileName(bad)).toBeUndefined();
  });

  it("the policy digest ignores order and changes with any scope or withheld byline", () => {
    const a = policyDigest({ faro: ["sin-posicion", "total"], gaceta: [] }, ["ana"]);
    expect(policyDigest({ gaceta: [], faro: ["total", "sin-posicion"] }, ["ana"])).toBe(a);
    expect(policyDigest({ faro: ["total"], gaceta: [] }, ["ana"])).not.toBe(a);
    expect(policyDigest({ faro: ["sin-posicion", "total"], gaceta: [] }, ["ana", "luis"])).not.toBe(a);
  });

  it("STO-4: a day is rewritten when a deleted outlet has rows in it, after the files were written", () => {
    const digest = manifest.policy_digest;
    expect(needsRewrite(manifest, { policyDigest: digest, deletions: [] })).toBe(false);
    expect(needsRewrite(manifest, { policyDigest: digest, deletions: [{ slug: "faro", lastDeletedAt: Date.parse(WRITTEN) + 1 }] })).toBe(
      true,
    );
    // Deleted before the files were written: they were written without it.
    expect(needsRewrite(manifest, { policyDigest: digest, deletions: [{ slug: "faro", lastDeletedAt: Date.parse(WRITTEN) - 1 }] })).toBe(
      false,
    );
    // An outlet with no rows that day leaves the day alone.
    expect(needsRewrite(manifest, { policyDigest: digest, deletions: [{ slug: "otro", lastDeletedAt: Date.parse(WRITTEN) + 1 }] })).toBe(
      false,
    );
  });

  it("PUB-6: a day is rewritten when the policies in force changed since it was written", () => {
    expect(needsRewrite(manifest, { policyDigest: policyDigest({ faro: ["total"], gaceta: ["sin-titulares"] }, []), deletions: [] })).toBe(
      true,
    );
  });

  it("reads back what it writes and refuses anything else", () => {
    const full = { day: "2026-12-03", files: [], ...manifest };
    expect(parseBulkManifest(JSON.stringify(full))).toEqual(full);
    expect(parseBulkManifest("{")).toBeUndefined();
    expect(parseBulkManifest(JSON.stringify({ ...full, day: "../x" }))).toBeUndefined();
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});
