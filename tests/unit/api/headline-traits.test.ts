import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import OpenDataPage from "../../../app/(public)/datos/page";
import type { VersionTraitsRow } from "../../../db/open-data/sql/headline-traits";
import { ARTICLE_FIELDS } from "../../../db/open-data/datasets/articles";
import {
  HEADLINE_TRAIT_DOCS,
  HEADLINE_TRAIT_FIELDS,
  headlineTraitsRecord,
  VERSION_TRAIT_DOCS,
  VERSION_TRAIT_FIELDS,
  versionTraitsRecords,
} from "../../../db/open-data/datasets/headline-traits";
import { HEADLINE_VERSION_FIELDS } from "../../../db/open-data/datasets/headline-versions";
import { fieldDoc } from "../../../app/_lib/api/docs";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const MIN = 60_000;
const features = {
  isQuestion: false,
  isExclamation: false,
  hasQuote: false,
  hasNumber: false,
  firstOrSecondPerson: false,
  hasColonOrDash: false,
  clickbaitPatterns: [],
  language: "es",
};
function version(id: number, firstSeen: number, lastSeen: number, over: Partial<VersionTraitsRow> = {}): VersionTraitsRow {
  return {
    id,
    articleId: 1,
    textHash: `h${id}`,
    firstSeenAt: firstSeen * MIN,
    lastSeenAt: lastSeen * MIN,
    seenIn: ["frontpage"],
    features,
    framingLetter: "C",
    ...over,
  };
}

describe("headline fields of an article in the open data", () => {
  it("WEB-3: every headline field is an article field and is described on /datos from the same definition", () => {
    for (const field of HEADLINE_TRAIT_FIELDS) {
      expect(ARTICLE_FIELDS, field).toContain(field);
      expect(fieldDoc("articles", field), field).toBe(HEADLINE_TRAIT_DOCS[field]);
    }
    expect(HEADLINE_TRAIT_FIELDS).toEqual(
      expect.arrayContaining(["headline_question", "headline_quote", "headline_number", "headline_clickbait", "framing_letter", "ab_test"]),
    );
  });

  it("DER-1: the features are those of the version seen last", () => {
    const record = headlineTraitsRecord(
      [
        version(1, 0, 30, { features: { ...features, isQuestion: true } }),
        version(2, 30, 90, { features: { ...features, hasNumber: true, clickbaitPatterns: ["top-n"] }, framingLetter: "A" }),
      ],
      true,
    );
    expect(record).toMatchObject({
      headline_question: false,
      headline_number: true,
      headline_clickbait: ["top-n"],
      framing_letter: "A",
      ab_test: false,
    });
  });

  it("DER-6: versions that alternate set ab_test; a rewrite does not", () => {
    expect(headlineTraitsRecord([version(1, 0, 60), version(2, 10, 20)], true).ab_test).toBe(true);
    expect(headlineTraitsRecord([version(1, 0, 10), version(2, 10, 60)], true).ab_test).toBe(false);
  });

  it("PUB-6: the framing letter is withheld under «sin anotación de modelo»; features not yet computed are null", () => {
    const record = headlineTraitsRecord([version(1, 0, 10, { features: null })], false);
    expect(record).toMatchObject({ framing_letter: null, headline_question: null, headline_clickbait: null, ab_test: false });
  });

  it("PUB-6: under «sin anotación de modelo» the language (a model's answer) is withheld, the rule-made features are given", () => {
    expect(headlineTraitsRecord([version(1, 0, 10)], false)).toMatchObject({
      headline_language: null,
      headline_question: false,
      headline_clickbait: [],
    });
    expect(headlineTraitsRecord([version(1, 0, 10)], true).headline_language).toBe("es");
  });

  it("an article with no stored version has null features and no test", () => {
    const record = headlineTraitsRecord([], true);
    expect(Object.keys(record)).toEqual(HEADLINE_TRAIT_FIELDS);
    expect(record.ab_test).toBe(false);
    expect(record.headline_question).toBeNull();
  });
});

describe("headline fields of a version in the open data", () => {
  it("WEB-3: every version field is a headline-versions field, described on /datos from the same definition as the article's", () => {
    for (const field of VERSION_TRAIT_FIELDS) {
      expect(HEADLINE_VERSION_FIELDS, field).toContain(field);
      expect(fieldDoc("headline-versions", field), field).toBe(VERSION_TRAIT_DOCS[field]);
    }
    // One definition: each feature of a version is the article's `headline_<feature>`, said of the version.
    for (const field of VERSION_TRAIT_FIELDS.filter((f) => f !== "ab_test")) {
      expect(HEADLINE_TRAIT_FIELDS, field).toContain(`headline_${field}`);
      expect(VERSION_TRAIT_DOCS[field]).not.toBe(HEADLINE_TRAIT_DOCS[`headline_${field}` as keyof typeof HEADLINE_TRAIT_DOCS]);
    }
    expect(VERSION_TRAIT_FIELDS).toEqual([
      "question",
      "exclamation",
      "quote",
      "number",
      "first_or_second_person",
      "colon_or_dash",
      "clickbait",
      "language",
      "ab_test",
    ]);
    expect(VERSION_TRAIT_DOCS.question).toMatch(/^Esta versión es una pregunta/);
  });

  it("DER-1: each version gets its own features; one not analysed yet gets null", () => {
    const records = versionTraitsRecords(
      [
        version(1, 0, 30),
        version(2, 30, 90, { features: { ...features, isQuestion: true, clickbaitPatterns: ["top-n"] } }),
        version(3, 90, 120, { features: null }),
      ],
      true,
    );
    expect(records.get(1)).toMatchObject({ question: false, clickbait: [], language: "es", ab_test: false });
    expect(records.get(2)).toMatchObject({ question: true, clickbait: ["top-n"] });
    expect(records.get(3)).toMatchObject({ question: null, clickbait: null, language: null, ab_test: false });
    expect(Object.keys(records.get(1)!)).toEqual(VERSION_TRAIT_FIELDS);
  });

  it("DER-6: the versions that alternate carry ab_test, a later rewrite of the same article does not", () => {
    // 1 and 2 alternate (1 is seen long after 2 appeared); 3 replaces both for good.
    const records = versionTraitsRecords([version(1, 0, 60), version(2, 10, 50), version(3, 60, 200)], true);
    expect([1, 2, 3].map((id) => records.get(id)!.ab_test)).toEqual([true, true, false]);
    const rewrites = versionTraitsRecords([version(1, 0, 10), version(2, 10, 60)], true);
    expect([...rewrites.values()].map((r) => r.ab_test)).toEqual([false, false]);
  });

  it("PUB-6: under «sin anotación de modelo» a version's language is withheld", () => {
    expect(versionTraitsRecords([version(1, 0, 10)], false).get(1)).toMatchObject({ language: null, question: false });
  });
});

describe("/datos", () => {
  /** The rendered section of one dataset, up to the next dataset's. */
  function datasetSection(name: string): string {
    const html = renderToStaticMarkup(createElement(OpenDataPage));
    const start = html.indexOf(`id="conjunto-${name}"`);
    const end = html.indexOf('id="conjunto-', start + 1);
    return html
      .slice(start, end === -1 ? undefined : end)
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
  }

  it("WEB-3: lists each version field with its description, and the article's headline fields with theirs", () => {
    const versions = datasetSection("headline-versions");
    for (const field of VERSION_TRAIT_FIELDS) {
      expect(versions, field).toContain(`<code>${field}</code></th><td>${VERSION_TRAIT_DOCS[field]}</td>`);
    }
    const articles = datasetSection("articles");
    for (const field of HEADLINE_TRAIT_FIELDS) {
      expect(articles, field).toContain(`<code>${field}</code></th><td>${HEADLINE_TRAIT_DOCS[field]}</td>`);
    }
  });
});
