/**
 * Attention over time (SPEC WEB-9): `GET /api/v1/series` counts matching articles per day and
 * outlet with their share and prominence, `q=` narrows the articles and headline-versions
 * datasets, and no search reaches an outlet whose headlines may not be quoted (PUB-6).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { answerApi } from "../../../app/_lib/api/answer";
import { seriesEndpoint } from "../../../app/_lib/api/series-endpoint";
import { createTestDatabase } from "../../support/database";
import { apiCaller } from "./call";
import { ARTICLES_PER_OUTLET, OUTLETS, writeFixture } from "./fixture";

let database: Database;
const api = apiCaller(() => database);
const NOW = Date.parse("2026-03-05T00:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase(4);
  await writeFixture(database.db);
  // Ten weighted minutes on every span, so each article has twenty on its first day.
  await database.db.execute(sql`update rank_spans set weighted_minutes = 10`);
});
afterAll(async () => {
  await database.close();
});

type Row = {
  query: string;
  day: string;
  outlet: string | null;
  articles: number;
  outlet_articles: number;
  share: number | null;
  prominence_minutes: number | null;
};
type Series = { version: string; from: string; to: string; outlets_not_searched: number; data: Row[] };

async function series(query: string): Promise<Response> {
  const request = new Request(`http://api.test/api/v1/series?${query}`);
  return answerApi(
    async () => database.db,
    request,
    seriesEndpoint,
    (e) => {
      throw e;
    },
    NOW,
  );
}
async function seriesJson(query: string): Promise<Series> {
  const response = await series(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Series;
}

describe("WEB-3, WEB-9: the series endpoint", () => {
  it("PUB-6: counts each searchable outlet's matching articles per day, with the share of its articles and its prominence-minutes", async () => {
    const body = await seriesJson("q=n%C3%BAmero&from=2026-03-02&to=2026-03-03");
    expect(body.from).toBe("2026-03-02");
    expect(body.to).toBe("2026-03-02");
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
    // «sin titulares literales» is left out of the search, and said so; `total` is not even counted.
    expect(body.outlets_not_searched).toBe(1);
    const byOutlet = new Map(body.data.map((r) => [r.outlet, r]));
    expect(byOutlet.has(OUTLETS.noHeadlines)).toBe(false);
    expect(byOutlet.has(OUTLETS.total)).toBe(false);
    expect(byOutlet.get(OUTLETS.open)).toMatchObject({
      articles: ARTICLES_PER_OUTLET,
      outlet_articles: ARTICLES_PER_OUTLET,
      share: 1,
      prominence_minutes: 60,
    });
    // «sin posición»: counted, but its front-page minutes are not shown.
    expect(byOutlet.get(OUTLETS.noPositions)).toMatchObject({ articles: ARTICLES_PER_OUTLET, prominence_minutes: null });
    expect(byOutlet.get(null)).toMatchObject({
      articles: 3 * ARTICLES_PER_OUTLET,
      outlet_articles: 3 * ARTICLES_PER_OUTLET,
      share: 1,
      prominence_minutes: 120,
    });
  });

  it("gives the share over the outlet's articles, and every day of the period even when nothing matched", async () => {
    const body = await seriesJson(`q=abierto+%22n%C3%BAmero+1%22&from=2026-03-01&to=2026-03-03`);
    expect(body.data.filter((r) => r.outlet === null).map((r) => [r.day, r.articles])).toEqual([
      ["2026-03-01", 0],
      ["2026-03-02", 1],
    ]);
    const open = body.data.find((r) => r.outlet === OUTLETS.open && r.day === "2026-03-02")!;
    expect(open.articles).toBe(1);
    expect(open.outlet_articles).toBe(ARTICLES_PER_OUTLET);
    expect(open.share).toBeCloseTo(1 / ARTICLES_PER_OUTLET, 5);
  });

  it("answers 400 without q, and 404 for an outlet whose headlines may not be searched", async () => {
    expect((await series("from=2026-03-02")).status).toBe(400);
    expect((await series(`q=titular&outlet=${OUTLETS.noHeadlines}`)).status).toBe(404);
    expect((await series("q=titular&from=2025-01-01&to=2026-03-03")).status).toBe(400);
  });
});

describe("WEB-3, WEB-9: q= on the datasets", () => {
  it("PUB-6: q= lists only articles with a matching headline, never from an outlet under «sin titulares literales»", async () => {
    const { data } = await api.json("/api/v1/articles?q=n%C3%BAmero&limit=100");
    expect(data).toHaveLength(3 * ARTICLES_PER_OUTLET);
    expect(data.some((r) => r.outlet === OUTLETS.noHeadlines || r.outlet === OUTLETS.total)).toBe(false);
    const one = await api.json(`/api/v1/articles?q=%22${OUTLETS.open}%20n%C3%BAmero%202%22`);
    expect(one.data.map((r) => r.outlet)).toEqual([OUTLETS.open]);
  });

  it("q= on headline versions finds a word of the second version only in that version", async () => {
    const { data } = await api.json("/api/v1/headline-versions?q=%22titular%202%22&limit=100");
    expect(data.length).toBe(3);
    expect(data.every((r) => String(r.headline).startsWith("Titular 2"))).toBe(true);
    const csv = await api.csv("/api/v1/exports/headline-versions.csv?q=%22titular%202%22&from=2026-03-01&to=2026-03-04");
    expect(csv.map((r) => r.id).sort()).toEqual(data.map((r) => String(r.id)).sort());
  });
});
