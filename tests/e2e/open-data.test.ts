/**
 * The open-data API on the running site (SPEC WEB-3, PUB-6): status codes, headers,
 * keyset pages checked against the database, a CSV export parsed back, and the
 * exclusion scopes, over a small generated history written into the site's database.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ARTICLE_FIELDS } from "../../db/open-data/datasets/articles";
import { parseCsv } from "../../lib/csv";
import { parseSeedOptions } from "../../scripts/seed-history/options";
import { seedHistory } from "../../scripts/seed-history/seed";
import { generateOutlets } from "../../scripts/seed-history/generate/outlets";
import { createRandom } from "../../scripts/seed-history/generate/random";
import { siteUrl, useSiteDatabase } from "./fixtures";

const database = useSiteDatabase();
const SEED = "datos-e2e";
const options = parseSeedOptions(["--outlets", "4", "--days", "2", "--seed", SEED, "--log-days", "1", "--replace"], Date.now());
const [open, noHeadlines, noPositions, total] = generateOutlets(createRandom(SEED, "outlets"), 4).map((o) => o.slug) as [
  string,
  string,
  string,
  string,
];
const range = `from=${new Date(options.end - 2 * 86_400_000).toISOString()}&to=${new Date(options.end).toISOString()}`;

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(siteUrl(path), { headers });
}
async function json<T>(path: string): Promise<T> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const count = async (query: string, ...params: (string | number)[]) =>
  Number(((await database().sql.unsafe(query, params)) as unknown as { n: string }[])[0]!.n);

beforeAll(async () => {
  const { sql } = database();
  await seedHistory(sql, options);
  const scopes: [string, string][] = [
    [noHeadlines, "sin-titulares-literales"],
    [noPositions, "sin-posicion"],
    [total, "total"],
  ];
  for (const [slug, scope] of scopes) {
    await sql`insert into exclusions (outlet_id, domain, scope, channel, received_at, applied_at)
      select id, ${`${slug}.test`}, ${scope}, 'mail', now() - interval '1 hour', now() - interval '1 hour' from outlets where slug = ${slug}`;
  }
});
afterAll(async () => {
  const { sql } = database();
  const slugs = [open, noHeadlines, noPositions, total];
  await sql`delete from exclusions where domain in ${sql(slugs.map((s) => `${s}.test`))}`;
  await sql`delete from outlets where slug in ${sql(slugs)}`;
  await sql`delete from stories s where not exists (select 1 from articles a where a.story_id = s.id)`;
});

type Page = { data: Record<string, unknown>[]; pagination: { next: string | null } | null };

describe("open data on the running site", () => {
  it("WEB-3: JSON answers carry charset, cache headers and an ETag that a second request can revalidate", async () => {
    const response = await get("/api/v1/outlets");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+, stale-while-revalidate=\d+/);
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await get("/api/v1/outlets", { "If-None-Match": etag! })).status).toBe(304);
    const slugs = ((await response.json()) as Page).data.map((o) => o.slug);
    expect(slugs).toEqual(expect.arrayContaining([open, noHeadlines, noPositions]));
    expect(slugs).not.toContain(total);
  });

  it("WEB-3: /api/v1 lists every dataset with its list, exports and fields, and points to /datos", async () => {
    const index = await json<{ documentation: string; datasets: { name: string; list: string; exports: string[]; fields: string[] }[] }>(
      "/api/v1",
    );
    expect(index.documentation).toBe("/datos");
    expect(index.datasets.map((d) => d.name)).toEqual(["outlets", "articles", "headline-versions", "rank-spans", "stories"]);
    expect(index.datasets.find((d) => d.name === "articles")!.fields).toEqual([...ARTICLE_FIELDS]);
    for (const d of index.datasets) expect((await get(d.list)).status, d.list).toBe(200);
  });

  it("WEB-3: walking an outlet's articles page by page gives exactly the database's rows", async () => {
    const ids: unknown[] = [];
    let next: string | null = `/api/v1/articles?outlet=${open}&limit=100`;
    while (next) {
      const page: Page = await json<Page>(next);
      ids.push(...page.data.map((a) => a.id));
      next = page.pagination!.next;
    }
    const expected = await count("select count(*) as n from articles a join outlets o on o.id = a.outlet_id where o.slug = $1", open);
    expect(expected).toBeGreaterThan(100);
    expect(ids.length).toBe(expected);
    expect(new Set(ids).size).toBe(expected);
  });

  it("WEB-3: the CSV export parses back (RFC 4180) to the JSON export's rows", async () => {
    const response = await get(`/api/v1/exports/articles.csv?outlet=${open}&${range}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="hemeroscopio-articles-/);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([...ARTICLE_FIELDS]);
    const exported = await json<Record<string, unknown>[]>(`/api/v1/exports/articles.json?outlet=${open}&${range}`);
    expect(rows.map((r) => Number(r[0]))).toEqual(exported.map((r) => r.id));
    expect(rows.map((r) => r[3])).toEqual(exported.map((r) => r.headline));
    expect(rows.length).toBe(
      await count("select count(*) as n from articles a join outlets o on o.id = a.outlet_id where o.slug = $1", open),
    );
  });

  it("PUB-6: withheld headlines, withheld positions and a total exclusion hold on the live API and exports", async () => {
    const withheld = await json<Page>(`/api/v1/articles?outlet=${noHeadlines}`);
    expect(withheld.data.length).toBeGreaterThan(0);
    expect(withheld.data.every((a) => a.headline === null && a.url === null && a.headline_withheld === true)).toBe(true);
    expect((await json<Page>(`/api/v1/rank-spans?outlet=${noPositions}`)).data).toEqual([]);
    expect((await json<Page>(`/api/v1/rank-spans?outlet=${open}`)).data.length).toBeGreaterThan(0);
    expect((await get(`/api/v1/articles?outlet=${total}`)).status).toBe(404);
    const csv = await (await get(`/api/v1/exports/rank-spans.csv?${range}`)).text();
    expect(csv).toContain(`,${open},`);
    expect(csv).not.toContain(`,${noPositions},`);
    expect(csv).not.toContain(total);
  });

  it("WEB-3: bad parameters are JSON 400s and unknown ids JSON 404s, never a 500", async () => {
    for (const path of [
      "/api/v1/articles?limit=0",
      "/api/v1/articles?desde=ayer",
      "/api/v1/articles?cursor=%%%",
      "/api/v1/articles/abc",
      "/api/v1/exports/articles.csv?from=2020-01-01&to=2026-01-01",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get("content-type"), path).toBe("application/json; charset=utf-8");
    }
    for (const path of [
      "/api/v1/articles/999999999",
      "/api/v1/stories/999999999",
      "/api/v1/outlets/no-existe",
      "/api/v1/exports/cuerpos.csv",
      "/api/v1/cuerpos",
      "/api/v2/articles",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("WEB-3: an article's detail agrees with the database: its versions and rank spans", async () => {
    const [row] = (await database().sql`select a.id from articles a join outlets o on o.id = a.outlet_id
      where o.slug = ${open} and a.first_seen_frontpage_at is not null order by a.id limit 1`) as unknown as { id: string }[];
    const { data } = await json<{ data: { headline_history: unknown[]; rank_spans: unknown[] } }>(`/api/v1/articles/${row!.id}`);
    expect(data.headline_history.length).toBe(
      await count("select count(*) as n from headline_versions where article_id = $1", Number(row!.id)),
    );
    expect(data.rank_spans.length).toBe(await count("select count(*) as n from rank_spans where article_id = $1", Number(row!.id)));
    // Its rank over time starts with the rank its first span had when it opened.
    const detail = data as unknown as {
      rank_spans: { rank_at_start: number; from_at: string }[];
      rank_history: { rank: number; from: string }[];
    };
    expect(detail.rank_history[0]).toMatchObject({ rank: detail.rank_spans[0]!.rank_at_start, from: detail.rank_spans[0]!.from_at });
  });
});

describe("open data on the crawl of the simulated web", () => {
  const crawl = inject("crawl");

  async function walkAll(path: string): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    let next: string | null = path;
    while (next) {
      const page: Page = await json<Page>(next);
      rows.push(...page.data);
      next = page.pagination!.next;
    }
    return rows;
  }

  it("WEB-3: per crawled outlet, the API's articles, headline versions and rank spans are the database's", async () => {
    expect(crawl.outletSlugs.length).toBeGreaterThan(0);
    let compared = 0;
    for (const slug of crawl.outletSlugs) {
      const response = await get(`/api/v1/outlets/${slug}`);
      if (response.status === 404) continue; // under `total` in another test file
      const { data: outlet } = (await response.json()) as { data: Record<string, unknown> };
      const where = "from %s x join articles a on a.id = x.article_id join outlets o on o.id = a.outlet_id where o.slug = $1";
      const articles = await walkAll(`/api/v1/articles?outlet=${slug}&limit=1000`);
      expect(articles.length, slug).toBe(
        await count("select count(*) as n from articles a join outlets o on o.id = a.outlet_id where o.slug = $1", slug),
      );
      const versions = await walkAll(`/api/v1/headline-versions?outlet=${slug}&limit=1000`);
      expect(versions.length, slug).toBe(await count(`select count(*) as n ${where.replace("%s", "headline_versions")}`, slug));
      const spans = await walkAll(`/api/v1/rank-spans?outlet=${slug}&limit=1000`);
      const expected = outlet.positions_withheld ? 0 : await count(`select count(*) as n ${where.replace("%s", "rank_spans")}`, slug);
      expect(spans.length, slug).toBe(expected);
      if (!outlet.headlines_withheld) {
        const [latest] = (await database().sql`select v.text from headline_versions v join articles a on a.id = v.article_id
          join outlets o on o.id = a.outlet_id where o.slug = ${slug} order by v.first_seen_at desc, v.id desc limit 1`) as unknown as {
          text: string;
        }[];
        if (latest) expect(versions.at(-1)!.headline, slug).toBe(latest.text);
      }
      compared += articles.length;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("WEB-3: the rank-spans CSV export over the crawl's hours has one row per span of the shown outlets", async () => {
    const from = new Date(crawl.from).toISOString();
    const to = new Date(crawl.to + 60_000).toISOString();
    const [header, ...rows] = parseCsv(await (await get(`/api/v1/exports/rank-spans.csv?from=${from}&to=${to}`)).text());
    expect(header!.slice(0, 5)).toEqual(["article_id", "outlet", "position", "rank_at_start", "from_at"]);
    const shown = (await json<Page>("/api/v1/outlets")).data.filter((o) => !o.positions_withheld).map((o) => String(o.slug));
    const expected = await count(
      `select count(*) as n from rank_spans s join outlets o on o.id = s.outlet_id
      where o.slug = any($1::text[]) and (s.to_at >= $2 or s.to_at is null) and s.from_at < $3`,
      `{${shown.join(",")}}`,
      from,
      to,
    );
    expect(expected).toBeGreaterThan(0);
    expect(rows.length).toBe(expected);
  });
});
