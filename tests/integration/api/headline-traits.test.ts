/**
 * Headline features, framing letter and A/B flag of each article in the open data (SPEC
 * WEB-3, DER-1, DER-4, DER-6): the current headline's stored features on the list, the
 * detail and the exports; the flag true only when versions alternated; framing withheld
 * under "sin anotación de modelo" (PUB-6).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { headlineFeatures, headlineVersions } from "../../../db/schema";
import { createTestDatabase } from "../../support/database";
import { apiCaller } from "./call";
import { OUTLETS, T0, writeFixture } from "./fixture";

let database: Database;
let fixture: Awaited<ReturnType<typeof writeFixture>>;
const api = apiCaller(() => database);
const range = "from=2026-03-01&to=2026-03-04";
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const features = (textHash: string, over: Partial<typeof headlineFeatures.$inferInsert> = {}) => ({
  textHash, chars: 40, words: 7, isQuestion: false, isExclamation: false, hasQuote: false, hasNumber: false,
  firstOrSecondPerson: false, hasColonOrDash: false, capitalisedTokens: 0, clickbaitPatterns: [], language: "es", ...over,
});

beforeAll(async () => {
  database = await createTestDatabase(4);
  fixture = await writeFixture(database.db);
  const [, second] = fixture.articleIds[OUTLETS.open]!;
  // Article 2 of the open outlet: version 1 keeps being seen on the front page long after version 2 appeared (an A/B test).
  await database.db.insert(headlineVersions).values({
    articleId: second!, text: "Titular alternativo", textHash: "abierto-2-ab", firstSeenAt: at(5), lastSeenAt: at(20), seenIn: ["frontpage"],
  });
  await database.db.insert(headlineFeatures).values([
    // Article 1 was rewritten: its current headline is version 2 (seen last).
    features("abierto-1-1", { isExclamation: true }),
    features("abierto-1-2", { isQuestion: true, hasNumber: true, clickbaitPatterns: ["lo-que-debes-saber", "no-creeras"] }),
    features("abierto-2-1", { hasQuote: true, hasColonOrDash: true }),
    features("sin-anotacion-1-2", { firstOrSecondPerson: true }),
  ]);
});
afterAll(async () => {
  await database.close();
});

type Row = Record<string, unknown>;

describe("WEB-3: headline features and A/B flags of articles", () => {
  it("DER-1: an article gives its current headline's stored features; one not analysed yet gives null", async () => {
    const { data } = await api.json<{ data: Row[] }>(`/api/v1/articles?outlet=${OUTLETS.open}`);
    const [first, second, third] = fixture.articleIds[OUTLETS.open]!.map((id) => data.find((r) => r.id === id)!);
    expect(first).toMatchObject({
      headline_question: true, headline_exclamation: false, headline_number: true, headline_quote: false,
      headline_clickbait: ["lo-que-debes-saber", "no-creeras"], headline_language: "es", framing_letter: "B", ab_test: false,
    });
    expect(second).toMatchObject({ headline_question: false, headline_quote: true, headline_colon_or_dash: true, headline_clickbait: [] });
    expect(third).toMatchObject({ headline_question: null, headline_quote: null, headline_clickbait: null, headline_language: null, framing_letter: "B" });
  });

  it("DER-6: ab_test is true only for the article whose versions alternated, not for a rewrite", async () => {
    const { data } = await api.json<{ data: Row[] }>(`/api/v1/articles?outlet=${OUTLETS.open}`);
    const [first, second, third] = fixture.articleIds[OUTLETS.open]!;
    expect(Object.fromEntries(data.map((r) => [r.id, r.ab_test]))).toEqual({ [first!]: false, [second!]: true, [third!]: false });
  });

  it("WEB-3: the article detail and both exports carry the same fields", async () => {
    const [, second] = fixture.articleIds[OUTLETS.open]!;
    const { data } = await api.json<{ data: Row }>(`/api/v1/articles/${second}`);
    expect(data).toMatchObject({ headline_quote: true, ab_test: true });
    const json = await api.json<Row[]>(`/api/v1/exports/articles.json?${range}&outlet=${OUTLETS.open}`);
    expect(json.find((r) => r.id === second)).toMatchObject({ headline_quote: true, ab_test: true, framing_letter: "B" });
    const csv = await api.csv(`/api/v1/exports/articles.csv?${range}&outlet=${OUTLETS.open}`);
    const first = csv.find((r) => r.id === String(fixture.articleIds[OUTLETS.open]![0]))!;
    expect(first).toMatchObject({ headline_question: "true", headline_clickbait: "lo-que-debes-saber; no-creeras", ab_test: "false" });
  });

  it("PUB-6: under «sin anotación de modelo» the framing letter is withheld but the features are given", async () => {
    const { data } = await api.json<{ data: Row[] }>(`/api/v1/articles?outlet=${OUTLETS.noModel}`);
    const first = data.find((r) => r.id === fixture.articleIds[OUTLETS.noModel]![0])!;
    expect(first).toMatchObject({ framing_letter: null, headline_first_or_second_person: true });
  });
});
