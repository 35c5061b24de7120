/**
 * Every exclusion scope on every open-data endpoint and export (SPEC PUB-6, WEB-3):
 * `total` outlets exist nowhere, "sin titulares literales" withholds headlines,
 * "sin posición" withholds rank spans, "sin anotación de modelo" withholds framing, and
 * hidden authors are cited "sin firma a petición del autor" (PUB-5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { UNSIGNED } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { apiCaller } from "./call";
import { HIDDEN_AUTHOR, OUTLETS, writeFixture } from "./fixture";

let database: Database;
let fixture: Awaited<ReturnType<typeof writeFixture>>;
const api = apiCaller(() => database);
const range = "from=2026-03-01&to=2026-03-04";

beforeAll(async () => {
  database = await createTestDatabase(4);
  fixture = await writeFixture(database.db);
});
afterAll(async () => {
  await database.close();
});

type Row = Record<string, unknown>;
const listPaths = ["/api/v1/articles", "/api/v1/headline-versions", "/api/v1/rank-spans"];
const exportPaths = ["articles", "headline-versions", "rank-spans"].flatMap((d) => [
  `/api/v1/exports/${d}.json?${range}`,
  `/api/v1/exports/${d}.csv?${range}`,
]);

async function rowsOf(path: string): Promise<Row[]> {
  if (path.endsWith(".json") || path.includes(".json?")) return api.json<Row[]>(path);
  if (path.includes(".csv")) return api.csv(path);
  return (await api.json(path)).data;
}

describe("PUB-6: total", () => {
  it.each([
    ...listPaths,
    "/api/v1/outlets",
    "/api/v1/stories",
    ...exportPaths,
    `/api/v1/exports/outlets.csv`,
    `/api/v1/exports/stories.json`,
  ])("PUB-6: %s never shows an outlet under total", async (path) => {
    const rows = await rowsOf(path);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(OUTLETS.total);
  });

  it("PUB-6: a story counts only the outlets that may be shown", async () => {
    const { data } = await api.json<{ data: Row }>(`/api/v1/stories/${fixture.storyId}`);
    expect(data.outlet_count).toBe(4);
    expect((data.articles as Row[]).map((a) => a.outlet)).not.toContain(OUTLETS.total);
  });

  it.each([
    `/api/v1/outlets/${OUTLETS.total}`,
    `/api/v1/articles?outlet=${OUTLETS.total}`,
    `/api/v1/rank-spans?outlet=${OUTLETS.total}`,
    `/api/v1/exports/articles.csv?outlet=${OUTLETS.total}`,
  ])("PUB-6: %s answers 404, as for an unknown outlet", async (path) => {
    expect((await api.call(path)).status).toBe(404);
  });

  it("PUB-6: an article of an outlet under total is a 404 by id", async () => {
    expect((await api.call(`/api/v1/articles/${fixture.articleIds[OUTLETS.total]![0]}`)).status).toBe(404);
  });
});

describe("PUB-6: sin titulares literales", () => {
  it.each([
    "/api/v1/articles",
    "/api/v1/headline-versions",
    `/api/v1/exports/articles.json?${range}`,
    `/api/v1/exports/headline-versions.csv?${range}`,
  ])("PUB-6: %s gives null headlines with headline_withheld, and no URL or hash to recover them", async (path) => {
    const rows = (await rowsOf(path)).filter((r) => r.outlet === OUTLETS.noHeadlines);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect([null, ""]).toContain(r.headline);
      expect(String(r.headline_withheld)).toBe("true");
      if ("url" in r) expect([null, ""]).toContain(r.url);
      if ("text_hash" in r) expect([null, ""]).toContain(r.text_hash);
    }
    const open = (await rowsOf(path)).filter((r) => r.outlet === OUTLETS.open);
    expect(
      open.every((r) => typeof r.headline === "string" && r.headline.startsWith("Titular") && String(r.headline_withheld) === "false"),
    ).toBe(true);
  });

  it("PUB-6: an article's page and a story's articles withhold the headlines too", async () => {
    const id = fixture.articleIds[OUTLETS.noHeadlines]![0];
    const { data } = await api.json<{ data: Row }>(`/api/v1/articles/${id}`);
    expect(data.headline).toBeNull();
    expect((data.headline_history as Row[]).map((v) => v.headline)).toEqual([null, null]);
    const story = await api.json<{ data: { articles: Row[] } }>(`/api/v1/stories/${fixture.storyId}`);
    expect(story.data.articles.find((a) => a.outlet === OUTLETS.noHeadlines)).toMatchObject({
      headline: null,
      headline_withheld: true,
      url: null,
    });
    expect(JSON.stringify(story)).not.toContain(`de ${OUTLETS.noHeadlines}`);
  });

  it("PUB-6: the outlet says its headlines are withheld", async () => {
    const { data } = await api.json<{ data: Row }>(`/api/v1/outlets/${OUTLETS.noHeadlines}`);
    expect(data).toMatchObject({ headlines_withheld: true, positions_withheld: false, scopes: ["sin-titulares-literales"] });
  });
});

describe("PUB-6: sin posición", () => {
  it.each(["/api/v1/rank-spans", `/api/v1/exports/rank-spans.csv?${range}`, `/api/v1/exports/rank-spans.json?${range}`])(
    "PUB-6: %s has no rank span of the outlet",
    async (path) => {
      const rows = await rowsOf(path);
      expect(rows.some((r) => r.outlet === OUTLETS.open)).toBe(true);
      expect(rows.some((r) => r.outlet === OUTLETS.noPositions)).toBe(false);
    },
  );

  it("PUB-6: filtering spans by the outlet or its article gives none", async () => {
    expect((await api.json(`/api/v1/rank-spans?outlet=${OUTLETS.noPositions}`)).data).toEqual([]);
    const id = fixture.articleIds[OUTLETS.noPositions]![0];
    expect((await api.json(`/api/v1/rank-spans?article=${id}`)).data).toEqual([]);
  });

  it("PUB-6: its articles show no front-page time and no rank spans", async () => {
    const id = fixture.articleIds[OUTLETS.noPositions]![0];
    const { data } = await api.json<{ data: Row }>(`/api/v1/articles/${id}`);
    expect(data).toMatchObject({ first_seen_frontpage_at: null, first_seen_in: null, rank_spans: [] });
    const rows = await api.csv(`/api/v1/exports/articles.csv?${range}&outlet=${OUTLETS.noPositions}`);
    expect(rows.map((r) => r.first_seen_frontpage_at)).toEqual(["", "", ""]);
    const open = await api.json<{ data: Row }>(`/api/v1/articles/${fixture.articleIds[OUTLETS.open]![0]}`);
    expect((open.data.rank_spans as Row[]).length).toBe(2);
  });

  it("DER-9, PUB-6: its articles have no prominence; open outlets' have a number, and exports carry the field", async () => {
    const id = fixture.articleIds[OUTLETS.noPositions]![0];
    expect((await api.json<{ data: Row }>(`/api/v1/articles/${id}`)).data.prominence).toBeNull();
    expect(typeof (await api.json<{ data: Row }>(`/api/v1/articles/${fixture.articleIds[OUTLETS.open]![0]}`)).data.prominence).toBe(
      "number",
    );
    const rows = await api.csv(`/api/v1/exports/articles.csv?${range}&outlet=${OUTLETS.noPositions}`);
    expect(rows.map((r) => r.prominence)).toEqual(["", "", ""]);
    expect(typeof (await api.json<{ data: Row }>(`/api/v1/stories/${fixture.storyId}`)).data.prominence).toBe("number");
  });
});

describe("PUB-6: sin anotación de modelo", () => {
  it.each([
    "/api/v1/headline-versions",
    `/api/v1/exports/headline-versions.csv?${range}`,
    `/api/v1/exports/headline-versions.json?${range}`,
  ])("PUB-6: %s gives no framing for the outlet", async (path) => {
    const rows = await rowsOf(path);
    const withheld = rows.filter((r) => r.outlet === OUTLETS.noModel);
    expect(withheld.length).toBeGreaterThan(0);
    expect(
      withheld.every((r) => (r.framing_letter === null || r.framing_letter === "") && (r.framing_score === null || r.framing_score === "")),
    ).toBe(true);
    expect(rows.filter((r) => r.outlet === OUTLETS.open).every((r) => r.framing_letter === "B")).toBe(true);
  });

  it("PUB-6: an article's headline history gives no framing for the outlet", async () => {
    const { data } = await api.json<{ data: { headline_history: Row[] } }>(`/api/v1/articles/${fixture.articleIds[OUTLETS.noModel]![0]}`);
    expect(data.headline_history.map((v) => v.framing_letter)).toEqual([null, null]);
  });
});

describe("PUB-5: hidden bylines", () => {
  it.each(["/api/v1/articles", `/api/v1/exports/articles.json?${range}`, `/api/v1/exports/articles.csv?${range}`, `/api/v1/stories/STORY`])(
    "PUB-5: %s cites a hidden author as unsigned",
    async (template) => {
      const path = template.replace("STORY", String(fixture.storyId));
      const response = await api.call(path);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).not.toContain(HIDDEN_AUTHOR);
      expect(text).toContain(UNSIGNED);
      expect(text).toContain("Luis Gómez");
    },
  );
});
