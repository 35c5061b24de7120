import { describe, expect, it } from "vitest";
import { ANALYSIS_BLOCK_DOCS } from "../../../app/_lib/api/analysis-docs";
import { agencyFrontRecord, genealogyRecord, silencesRecord } from "../../../app/_lib/api/analysis-records";
import { DEFAULT_SILENCE_RULE } from "../../../lib/analysis/silences";

const docOf = (key: string) => ANALYSIS_BLOCK_DOCS.find((b) => b.key === key)!;
const NOW = Date.parse("2026-11-20T12:00:00Z");

describe("analysis blocks of the detail endpoints", () => {
  it("DER-10, WEB-3: every key of a story's agency genealogy is documented, and nothing else", () => {
    const [copy] = genealogyRecord({
      storyId: 1,
      copies: [
        {
          articleId: 2,
          outlet: { slug: "uno", name: "Uno" },
          agency: "EFE",
          firstSeenAt: NOW,
          publishedAt: null,
          firstHeadline: "A",
          currentHeadline: "B",
          headlineVersions: 2,
          credit: "dropped",
          edit: { bits: 2, band: "retocada", label: "retoques menores" },
          reference: false,
        },
      ],
    });
    expect(copy).toMatchObject({
      outlet: "uno",
      published_at: null,
      first_seen_at: "2026-11-20T12:00:00.000Z",
      credit_line: "dropped",
      edit_bits: 2,
      edit_band: "retocada",
    });
    expect(Object.keys(copy!).sort()).toEqual(Object.keys(docOf("agency_genealogy").fields).sort());
  });

  it("DER-10, WEB-3: every key of the daily agency share of a front page is documented", () => {
    const [day] = agencyFrontRecord({
      start: NOW,
      end: NOW,
      days: [{ day: NOW, agencyMinutes: 30, totalMinutes: 120, share: 0.25, verdict: { measurable: true, share: 0.25 } }],
    });
    expect(day).toEqual({
      day: "2026-11-20T12:00:00.000Z",
      agency_minutes: 30,
      front_page_minutes: 120,
      agency_share: 0.25,
      not_measurable: null,
      not_measurable_why: null,
    });
    expect(Object.keys(day!).sort()).toEqual(Object.keys(docOf("agency_front_page_share").fields).sort());
  });

  it("DER-11, WEB-3: every key of an outlet's silences is documented", () => {
    const record = silencesRecord({
      start: NOW,
      end: NOW,
      rule: DEFAULT_SILENCE_RULE,
      followed: 10,
      judged: true,
      grouped: true,
      positions: true,
      needed: 4,
      qualifying: 5,
      silences: [{ storyId: 3, kind: "no-publicada", carriers: 8, followed: 10, bestRank: null, keyTerms: ["dana"], firstSeenAt: NOW }],
    });
    expect(record).toMatchObject({
      min_share: 0.3,
      min_carriers: 4,
      carriers_needed: 4,
      finding: "silencios",
      top_rank: 10,
      stories: [{ story_id: 3, kind: "no-publicada", carried_by: 8, best_rank: null, key_terms: ["dana"] }],
    });
    expect(Object.keys(record).sort()).toEqual(Object.keys(docOf("silences").fields).sort());
    for (const key of Object.keys((record.stories as Record<string, unknown>[])[0]!))
      expect(docOf("silences").fields.stories).toContain(key);
  });
});
