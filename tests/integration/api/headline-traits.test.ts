/**
 * Headline features, framing letter and A/B flag of each article and of each headline
 * version in the open data (SPEC WEB-3, DER-1, DER-4, DER-6): the current headline's stored
 * features on an article, each version's own on the version, on the lists, the details and
 * the exports; the flags true only for versions that alternated; framing and language
 * withheld under "sin anotación de modelo", features given under "sin titulares literales"
 * without the text, hash or counts (PUB-6).
 */
import { eq, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Executor } from "../../../db/client";
import { articles, headlineFeatures, headlineVersions } from "../../../db/schema";
import { headlineFeatures as featuresOf } from "../../../lib/analysis/headline-features";
import { loadApiContext } from "../../../db/open-data/context";
import { headlineVersionsDataset } from "../../../db/open-data/datasets/headline-versions";
import { createTestDatabase } from "../../support/database";
import { apiCaller } from "./call";
import { headlineText, OUTLETS, T0, writeFixture } from "./fixture";

let database: Database;
let fixture: Awaited<ReturnType<typeof writeFixture>>;
/** An article of the open outlet whose statement was rewritten as a question. */
let rewritten: number;
const api = apiCaller(() => database);
const range = "from=2026-03-01&to=2026-03-04";
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const features = (textHash: string, over: Partial<typeof headlineFeatures.$inferInsert> = {}) => ({
  textHash,
  chars: 40,
  words: 7,
  isQuestion: false,
  isExclamation: false,
  hasQuote: false,
  hasNumber: false,
  firstOrSecondPerson: false,
  hasColonOrDash: false,
  capitalisedTokens: 0,
  clickbaitPatterns: [],
  language: "es",
  ...over,
});

beforeAll(async () => {
  database = await createTestDatabase(4);
  fixture = await writeFixture(database.db);
  const [firstId, second] = fixture.articleIds[OUTLETS.open]!;
  // Article 2 of the open outlet: version 1 keeps being seen on the front page long after version 2 appeared (an A/B test).
  await database.db.insert(headlineVersions).values({
    articleId: second!,
    text: "Titular alternativo",
    textHash: "abierto-2-ab",
    firstSeenAt: at(5),
    lastSeenAt: at(20),
    seenIn: ["frontpage"],
  });
  await database.db.insert(headlineFeatures).values([
    // Article 1 was rewritten: its current headline is version 2 (seen last).
    features("abierto-1-1", { isExclamation: true }),
    features("abierto-1-2", { isQuestion: true, hasNumber: true, clickbaitPatterns: ["lo-que-debes-saber", "no-creeras"] }),
    features("abierto-2-1", { hasQuote: true, hasColonOrDash: true }),
    features("abierto-2-ab", { isExclamation: true }),
    features("sin-anotacion-1-2", { firstOrSecondPerson: true }),
    features("sin-titulares-1-2", { isQuestion: true, clickbaitPatterns: ["no-creeras"] }),
  ]);
  // A fourth article of the open outlet: a statement, then the same news as a question, each
  // analysed by the worker's own feature function.
  const [open] = await database.db.select({ outletId: articles.outletId }).from(articles).where(eq(articles.id, firstId!));
  const [article] = await database.db
    .insert(articles)
    .values({
      outletId: open!.outletId,
      url: "https://www.abierto.test/noticia-4",
      firstSeenAt: at(90),
      firstSeenIn: "feed",
      siteDomain: "abierto.test",
    })
    .returning();
  rewritten = article!.id;
  const texts = [
    ["abierto-4-1", "Los precios del alquiler suben un 8 % en Madrid", 90, 120],
    ["abierto-4-2", "¿Cuánto más pueden subir los alquileres en Madrid?", 120, 300],
  ] as const;
  for (const [hash, text, from, to] of texts) {
    await database.db
      .insert(headlineVersions)
      .values({ articleId: rewritten, text, textHash: hash, firstSeenAt: at(from), lastSeenAt: at(to), seenIn: ["feed"] });
    await database.db.insert(headlineFeatures).values({ textHash: hash, ...featuresOf(text, () => "es") });
  }
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
      headline_question: true,
      headline_exclamation: false,
      headline_number: true,
      headline_quote: false,
      headline_clickbait: ["lo-que-debes-saber", "no-creeras"],
      headline_language: "es",
      framing_letter: "B",
      ab_test: false,
    });
    expect(second).toMatchObject({ headline_question: false, headline_quote: true, headline_colon_or_dash: true, headline_clickbait: [] });
    expect(third).toMatchObject({
      headline_question: null,
      headline_quote: null,
      headline_clickbait: null,
      headline_language: null,
      framing_letter: "B",
    });
  });

  it("DER-6: ab_test is true only for the article whose versions alternated, not for a rewrite", async () => {
    const { data } = await api.json<{ data: Row[] }>(`/api/v1/articles?outlet=${OUTLETS.open}`);
    const [first, second, third] = fixture.articleIds[OUTLETS.open]!;
    expect(Object.fromEntries(data.map((r) => [r.id, r.ab_test]))).toEqual({
      [first!]: false,
      [second!]: true,
      [third!]: false,
      [rewritten]: false,
    });
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
    expect(first).toMatchObject({ framing_letter: null, headline_first_or_second_person: true, headline_language: null });
  });
});

describe("WEB-3: headline features and A/B flags of headline versions", () => {
  const versionsOf = async (articleId: number) => (await api.json<{ data: Row[] }>(`/api/v1/headline-versions?article=${articleId}`)).data;

  it("DER-1: a version with a question mark has question: true; the statement it replaced does not", async () => {
    const [statement, question] = await versionsOf(rewritten);
    expect(statement).toMatchObject({
      headline: "Los precios del alquiler suben un 8 % en Madrid",
      question: false,
      number: true,
      language: "es",
      ab_test: false,
    });
    expect(question).toMatchObject({
      headline: "¿Cuánto más pueden subir los alquileres en Madrid?",
      question: true,
      number: false,
      language: "es",
      ab_test: false,
    });
  });

  it("DER-1: each version gives its own stored features, the article those of its current one; one not analysed yet gives null", async () => {
    const [first, , third] = fixture.articleIds[OUTLETS.open]!;
    const [v1, v2] = await versionsOf(first!);
    expect(v1).toMatchObject({ exclamation: true, question: false, clickbait: [] });
    expect(v2).toMatchObject({
      exclamation: false,
      question: true,
      number: true,
      clickbait: ["lo-que-debes-saber", "no-creeras"],
      framing_letter: "B",
    });
    const article = (await api.json<{ data: Row }>(`/api/v1/articles/${first}`)).data;
    expect(article).toMatchObject({ headline_question: v2!.question, headline_clickbait: v2!.clickbait });
    const [unanalysed] = await versionsOf(third!);
    expect(unanalysed).toMatchObject({ question: null, quote: null, clickbait: null, language: null, ab_test: false });
  });

  it("DER-6: the alternating versions of an A/B article carry ab_test, a plain rewrite's do not", async () => {
    const [first, second] = fixture.articleIds[OUTLETS.open]!;
    const flags = async (id: number) => Object.fromEntries((await versionsOf(id)).map((v) => [v.headline, v.ab_test]));
    expect(await flags(second!)).toEqual({ [headlineText(OUTLETS.open, 2)]: true, "Titular alternativo": true });
    expect(await flags(first!)).toEqual({ [headlineText(OUTLETS.open, 1, 1)]: false, [headlineText(OUTLETS.open, 1, 2)]: false });
  });

  it("DER-6: a page that holds one version of an A/B article still flags it, from the article's other versions", async () => {
    const [, second] = fixture.articleIds[OUTLETS.open]!;
    const rows: Row[] = [];
    let next: string | null = `/api/v1/headline-versions?outlet=${OUTLETS.open}&limit=1`;
    while (next) {
      const page: { data: Row[]; pagination: { next: string | null } } = await api.json(next);
      expect(page.data.length).toBeLessThanOrEqual(1);
      rows.push(...page.data);
      next = page.pagination.next;
    }
    expect(rows.filter((r) => r.article_id === second).map((r) => r.ab_test)).toEqual([true, true]);
    expect(rows.filter((r) => r.ab_test === true)).toHaveLength(2);
  });

  it("WEB-3: a page of versions reads their articles' other versions in one statement, whatever its size", async () => {
    const statements: string[] = [];
    const scope = await loadApiContext(database.db, Date.parse("2026-03-05T00:00:00Z"));
    const ctx = {
      ...scope,
      db: {
        execute: ((query: SQL) => {
          statements.push(new PgDialect().sqlToQuery(query).sql);
          return database.db.execute(query);
        }) as Executor["execute"],
      },
    };
    for (const limit of [1, 3, 100]) {
      statements.length = 0;
      const page = await headlineVersionsDataset.page(ctx, { limit }, undefined, limit);
      // 19 versions in all: 4 shown outlets × 4 in the fixture, the alternative headline and the rewritten article's 2.
      expect(page.items.length).toBe(Math.min(limit, 19));
      expect(statements, String(limit)).toHaveLength(2);
    }
  });

  it("WEB-3: the article's headline history and both exports carry the same fields", async () => {
    const [, second] = fixture.articleIds[OUTLETS.open]!;
    const listed = await versionsOf(second!);
    const { data } = await api.json<{ data: { headline_history: Row[] } }>(`/api/v1/articles/${second}`);
    expect(data.headline_history).toEqual(listed);
    const json = await api.json<Row[]>(`/api/v1/exports/headline-versions.json?${range}&outlet=${OUTLETS.open}`);
    expect(json.filter((r) => r.article_id === second)).toEqual(listed);
    const csv = await api.csv(`/api/v1/exports/headline-versions.csv?${range}&outlet=${OUTLETS.open}`);
    expect(csv.find((r) => r.headline === "Titular alternativo")).toMatchObject({
      exclamation: "true",
      question: "false",
      clickbait: "",
      ab_test: "true",
    });
    expect(csv.find((r) => r.headline === headlineText(OUTLETS.open, 1, 2))).toMatchObject({
      question: "true",
      clickbait: "lo-que-debes-saber; no-creeras",
      language: "es",
      ab_test: "false",
    });
  });

  it("PUB-6: under «sin titulares literales» a version gives its features and flag, but no text, hash or counts", async () => {
    const rows = await api.json<Row[]>(`/api/v1/exports/headline-versions.json?${range}&outlet=${OUTLETS.noHeadlines}`);
    const v = rows.find((r) => r.article_id === fixture.articleIds[OUTLETS.noHeadlines]![0] && r.question === true)!;
    expect(v).toMatchObject({ headline: null, headline_withheld: true, text_hash: null, clickbait: ["no-creeras"], ab_test: false });
    for (const count of ["chars", "words", "capitalised_tokens"]) expect(Object.keys(v)).not.toContain(count);
    const csv = await api.csv(`/api/v1/exports/headline-versions.csv?${range}&outlet=${OUTLETS.noHeadlines}`);
    expect(csv.map((r) => r.question)).toContain("true");
    expect(JSON.stringify(rows) + JSON.stringify(csv)).not.toContain(`de ${OUTLETS.noHeadlines}`);
  });

  it("PUB-6: under «sin anotación de modelo» a version gives no framing and no language, but the other features", async () => {
    const rows = await versionsOf(fixture.articleIds[OUTLETS.noModel]![0]!);
    expect(rows.map((r) => [r.framing_letter, r.framing_score, r.language])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(rows[1]).toMatchObject({ first_or_second_person: true, question: false });
    const csv = await api.csv(`/api/v1/exports/headline-versions.csv?${range}&outlet=${OUTLETS.noModel}`);
    expect(csv.every((r) => r.language === "" && r.framing_letter === "")).toBe(true);
    // The open outlet's stored language is given.
    expect((await versionsOf(fixture.articleIds[OUTLETS.open]![1]!))[0]!.language).toBe("es");
  });
});
