/**
 * The open-data API's contract (SPEC WEB-3): keyset pages that visit every row once,
 * 400 for bad parameters and 404 for unknown ids as JSON, cache headers and ETags,
 * and exports whose CSV parses back to the JSON the API gives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { createTestDatabase } from "../../support/database";
import { DATASET_VERSION } from "../../../lib/dataset-version";
import { apiCaller } from "./call";
import { ARTICLES_PER_OUTLET, OUTLETS, writeFixture } from "./fixture";

let database: Database;
let fixture: Awaited<ReturnType<typeof writeFixture>>;
const api = apiCaller(() => database);
const shownOutlets = Object.values(OUTLETS).length - 1;

beforeAll(async () => {
  database = await createTestDatabase(4);
  fixture = await writeFixture(database.db);
});
afterAll(async () => {
  await database.close();
});

type Page = { data: Record<string, unknown>[]; pagination: { limit: number; next_cursor: string | null; next: string | null } };

async function walk(path: string): Promise<{ rows: Record<string, unknown>[]; pages: number }> {
  const rows: Record<string, unknown>[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const page: Page = await api.json<Page>(next);
    rows.push(...page.data);
    next = page.pagination.next;
    pages++;
  }
  return { rows, pages };
}

describe("WEB-3: pagination", () => {
  it.each([
    ["/api/v1/articles?limit=2", shownOutlets * ARTICLES_PER_OUTLET],
    ["/api/v1/headline-versions?limit=3", shownOutlets * (ARTICLES_PER_OUTLET + 1)],
    ["/api/v1/rank-spans?limit=4", (shownOutlets - 1) * ARTICLES_PER_OUTLET * 2],
    ["/api/v1/stories?limit=1", 1],
  ])("WEB-3: walking %s by next links visits every row once", async (path, expected) => {
    const { rows, pages } = await walk(path);
    expect(rows.length).toBe(expected);
    // A rank span has no id: it is keyed by (article_id, from_at).
    expect(new Set(rows.map((r) => (path.includes("rank-spans") ? `${r.article_id}@${r.from_at}` : r.id))).size).toBe(expected);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected / Number(new URL(path, "http://x").searchParams.get("limit"))));
  });

  it("WEB-3: articles come in first-seen order and filters narrow them", async () => {
    const { rows } = await walk("/api/v1/articles?limit=5");
    const times = rows.map((r) => String(r.first_seen_at));
    expect(times).toEqual([...times].sort());
    expect((await api.json(`/api/v1/articles?outlet=${OUTLETS.open}`)).data.map((r) => r.id)).toEqual(fixture.articleIds[OUTLETS.open]);
    expect((await api.json("/api/v1/articles?from=2026-03-02T08:10:00Z&to=2026-03-02T08:20:00Z")).data.map((r) => r.outlet)).toEqual([
      OUTLETS.noHeadlines,
      OUTLETS.noHeadlines,
      OUTLETS.noHeadlines,
    ]);
    expect((await api.json(`/api/v1/articles?story=${fixture.storyId}`)).data.length).toBe(shownOutlets);
    expect((await api.json(`/api/v1/headline-versions?article=${fixture.articleIds[OUTLETS.open]![0]}`)).data.length).toBe(2);
  });

  it("WEB-3: a full page links to the next with a cursor and a Link header; the last page has none", async () => {
    const first = await api.call("/api/v1/articles?limit=2");
    const body = (await first.json()) as Page;
    expect(body.pagination).toMatchObject({ limit: 2 });
    expect(body.pagination.next).toBe(`/api/v1/articles?limit=2&cursor=${body.pagination.next_cursor}`);
    expect(first.headers.get("link")).toBe(`<${body.pagination.next}>; rel="next"`);
    const last = await api.json<Page>("/api/v1/articles?limit=1000");
    expect(last.pagination).toEqual({ limit: 1000, next_cursor: null, next: null });
  });
});

describe("WEB-3: errors", () => {
  it.each([
    ["/api/v1/articles?limit=0", "limit"],
    ["/api/v1/articles?limit=1001", "limit"],
    ["/api/v1/articles?limit=diez", "limit"],
    ["/api/v1/articles?cursor=zzz", "cursor"],
    ["/api/v1/articles?cursor=WzEsMiwzXQ", "cursor"],
    ["/api/v1/articles?from=ayer", "from"],
    ["/api/v1/articles?from=2026-02-30", "from"],
    ["/api/v1/articles?to=2026-03-02T10:00", "to"],
    ["/api/v1/articles?from=2026-03-03&to=2026-03-02", "to"],
    ["/api/v1/articles?outlet=Mayúsculas", "outlet"],
    ["/api/v1/articles?page=2", "page"],
    ["/api/v1/articles?limit=1&limit=2", "limit"],
    ["/api/v1/outlets?limit=1", "limit"],
    ["/api/v1/articles/abc", "id"],
    ["/api/v1/stories/-1", "id"],
    ["/api/v1/headline-versions?article=0", "article"],
    ["/api/v1/exports/articles.csv?from=2025-01-01&to=2026-01-01", "from"],
    ["/api/v1/exports/articles.csv?cursor=x", "cursor"],
  ])("WEB-3: %s is a 400 naming %s", async (path, parameter) => {
    const response = await api.call(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await response.json()) as { error: { code: string; parameter: string; message: string } };
    expect(body.error.parameter).toBe(parameter);
    expect(body.error.message.length).toBeGreaterThan(5);
  });

  it.each([
    "/api/v1/articles/999999999",
    "/api/v1/stories/999999",
    "/api/v1/outlets/no-existe",
    "/api/v1/articles?outlet=no-existe",
    "/api/v1/exports/bodies.csv",
    "/api/v1/exports/articles.xml",
  ])("WEB-3: %s is a JSON 404", async (path) => {
    const response = await api.call(path);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("WEB-3: an unreachable database is a JSON 503 with Retry-After, not a 500", async () => {
    const { answerApi } = await import("../../../app/_lib/api/answer");
    const errors: unknown[] = [];
    const response = await answerApi(
      async () => {
        throw new Error("connection refused");
      },
      new Request("http://api.test/api/v1/articles"),
      async () => new Response("never"),
      (e) => errors.push(e),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(errors.length).toBe(1);
  });
});

describe("WEB-3: headers", () => {
  it("WEB-3: JSON answers carry charset, Cache-Control with stale-while-revalidate, and an ETag honoured by If-None-Match", async () => {
    const response = await api.call("/api/v1/outlets");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await api.call("/api/v1/outlets", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await api.call("/api/v1/outlets", { "If-None-Match": 'W/"otro"' })).status).toBe(200);
  });

  it("WEB-3: exports are attachments with charset, a dated file name and longer caching", async () => {
    const response = await api.call(`/api/v1/exports/articles.csv?outlet=${OUTLETS.open}&from=2026-03-01&to=2026-03-04`);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="hemeroscopio-articles-${OUTLETS.open}-2026-03-01_2026-03-03-v${DATASET_VERSION}.csv"`,
    );
    expect(response.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=3600");
    expect(response.headers.get("hemeroscopio-dataset-version")).toBe(DATASET_VERSION);
    await response.body?.cancel();
  });
});

describe("WEB-3: exports", () => {
  it.each(["articles", "headline-versions", "rank-spans", "stories", "outlets"])(
    "WEB-3: the %s CSV export parses back to the JSON export, field by field",
    async (name) => {
      const range = name === "outlets" || name === "stories" ? "" : "?from=2026-03-01&to=2026-03-04";
      const csv = await api.csv(`/api/v1/exports/${name}.csv${range}`);
      const json = await api.json<Record<string, unknown>[]>(`/api/v1/exports/${name}.json${range}`);
      expect(csv.length).toBe(json.length);
      expect(json.length).toBeGreaterThan(0);
      const asCell = (v: unknown) => (v === null ? "" : Array.isArray(v) ? v.join("; ") : String(v));
      expect(csv).toEqual(json.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, asCell(v)]))));
    },
  );

  it("WEB-3: a ranged export defaults to the last 7 days before now", async () => {
    const late = apiCaller(
      () => database,
      () => Date.parse("2026-03-12T00:00:00Z"),
    );
    expect(await late.json<unknown[]>("/api/v1/exports/articles.json")).toEqual([]);
    expect((await api.json<unknown[]>("/api/v1/exports/articles.json")).length).toBe(shownOutlets * ARTICLES_PER_OUTLET);
  });

  it.each(["csv", "json"])("WEB-3: a %s export larger than one database batch streams every row once, in order", async (format) => {
    const { exportEndpoint } = await import("../../../app/_lib/api/export");
    const { loadApiContext } = await import("../../../db/open-data/context");
    const ctx = await loadApiContext(database.db, Date.parse("2026-03-05T00:00:00Z"));
    const path = `http://api.test/api/v1/exports/headline-versions.${format}?from=2026-03-01`;
    const whole = await (await exportEndpoint(ctx, new Request(path), `headline-versions.${format}`)).text();
    const batched = await (await exportEndpoint(ctx, new Request(path), `headline-versions.${format}`, 2)).text();
    expect(batched).toBe(whole);
    const ids =
      format === "json"
        ? (JSON.parse(whole) as { id: number }[]).map((r) => r.id)
        : whole
            .trim()
            .split("\r\n")
            .slice(1)
            .map((l) => Number(l.split(",")[0]));
    expect(ids.length).toBe(shownOutlets * (ARTICLES_PER_OUTLET + 1));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
