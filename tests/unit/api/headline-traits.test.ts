import { describe, expect, it } from "vitest";
import type { VersionTraitsRow } from "../../../db/queries/api-headline-traits";
import { ARTICLE_FIELDS } from "../../../lib/api/datasets/articles";
import { HEADLINE_TRAIT_DOCS, HEADLINE_TRAIT_FIELDS, headlineTraitsRecord } from "../../../lib/api/datasets/headline-traits";
import { FIELD_DOCS } from "../../../lib/api/docs";

const MIN = 60_000;
const features = { isQuestion: false, isExclamation: false, hasQuote: false, hasNumber: false, firstOrSecondPerson: false, hasColonOrDash: false, clickbaitPatterns: [], language: "es" };
function version(id: number, firstSeen: number, lastSeen: number, over: Partial<VersionTraitsRow> = {}): VersionTraitsRow {
  return { id, articleId: 1, textHash: `h${id}`, firstSeenAt: firstSeen * MIN, lastSeenAt: lastSeen * MIN, seenIn: ["frontpage"], features, framingLetter: "C", ...over };
}

describe("headline fields of an article in the open data", () => {
  it("WEB-3: every headline field is an article field and is described on /datos from the same definition", () => {
    for (const field of HEADLINE_TRAIT_FIELDS) {
      expect(ARTICLE_FIELDS, field).toContain(field);
      expect(FIELD_DOCS[field], field).toBe(HEADLINE_TRAIT_DOCS[field]);
    }
    expect(HEADLINE_TRAIT_FIELDS).toEqual(expect.arrayContaining(["headline_question", "headline_quote", "headline_number", "headline_clickbait", "framing_letter", "ab_test"]));
  });

  it("DER-1: the features are those of the version seen last", () => {
    const record = headlineTraitsRecord([
      version(1, 0, 30, { features: { ...features, isQuestion: true } }),
      version(2, 30, 90, { features: { ...features, hasNumber: true, clickbaitPatterns: ["top-n"] }, framingLetter: "A" }),
    ], true);
    expect(record).toMatchObject({ headline_question: false, headline_number: true, headline_clickbait: ["top-n"], framing_letter: "A", ab_test: false });
  });

  it("DER-6: versions that alternate set ab_test; a rewrite does not", () => {
    expect(headlineTraitsRecord([version(1, 0, 60), version(2, 10, 20)], true).ab_test).toBe(true);
    expect(headlineTraitsRecord([version(1, 0, 10), version(2, 10, 60)], true).ab_test).toBe(false);
  });

  it("PUB-6: the framing letter is withheld under «sin anotación de modelo»; features not yet computed are null", () => {
    const record = headlineTraitsRecord([version(1, 0, 10, { features: null })], false);
    expect(record).toMatchObject({ framing_letter: null, headline_question: null, headline_clickbait: null, ab_test: false });
  });

  it("an article with no stored version has null features and no test", () => {
    const record = headlineTraitsRecord([], true);
    expect(Object.keys(record)).toEqual(HEADLINE_TRAIT_FIELDS);
    expect(record.ab_test).toBe(false);
    expect(record.headline_question).toBeNull();
  });
});
