import { describe, expect, it } from "vitest";
import { parseCsv } from "../../lib/csv";
import { readLabelledManifest } from "../labelled/manifest";

describe("labelled sets", () => {
  it("DER-12: CSV fields may be quoted, with commas, doubled quotes and newlines inside", () => {
    expect(parseCsv('id,text,tag\n1,"Así es, «el» ""truco""\nsegunda línea",Clickbait\r\n2,plain,No\n')).toEqual([
      ["id", "text", "tag"],
      ["1", 'Así es, «el» "truco"\nsegunda línea', "Clickbait"],
      ["2", "plain", "No"],
    ]);
  });

  it("DER-12: every set names its repository, commit, checksums, licence and date", () => {
    for (const set of readLabelledManifest().sets) {
      expect(set.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(set.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(set.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(set.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
      expect(set.licence).not.toBe("");
      expect(set.committed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
