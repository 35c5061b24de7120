import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordHeadlines } from "../../../crawler/record/articles";
import type { Database } from "../../../db/client";
import { COUNT_CAP, searchableOutlets, searchHeadlines } from "../../../db/queries/site/search";
import { loadGroupCounts } from "../../../db/queries/site/outlet-groups";
import { sharedReads } from "../../../db/queries/site/shared-reads";
import { loadAttention } from "../../../app/_lib/pages/attention";
import { wordArticlesExceed } from "../../../db/queries/site/attention-words";
import { makePolicies, NO_POLICIES } from "../../../lib/policy";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet, HOUR } from "../../support/page-fixtures";

const NOW = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let uno: number;
let dos: number;
let crawled: number;

const search = (q: string, more: { outlet?: string; page?: number } = {}, policies = NO_POLICIES) =>
  searchHeadlines(database.db, policies, { q, page: more.page ?? 1, ...(more.outlet ? { outlet: more.outlet } : {}) });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  uno = await addOutlet(db, "uno", "Diario Uno");
  dos = await addOutlet(db, "dos", "Diario Dos");
  for (let i = 0; i < 25; i++) {
    await addArticle(db, {
      outletId: uno,
      path: `/u${i}`,
      firstSeenAt: NOW - i * HOUR,
      headlines: [[`El gobierno aprueba la medida ${i}`, NOW - i * HOUR, NOW - i * HOUR]],
    });
  }
  for (let i = 0; i < 3; i++) {
    await addArticle(db, {
      outletId: dos,
      path: `/d${i}`,
      firstSeenAt: NOW - i * HOUR - 1,
      headlines: [[`Gobierno y oposición pactan ${i}`, NOW - i * HOUR - 1, NOW - i * HOUR - 1]],
    });
  }
  // A version recorded by the crawler's own writer, as in production.
  crawled = await addArticle(db, { outletId: dos, path: "/nueva", firstSeenAt: NOW, headlines: [] });
  await recordHeadlines(db, {
    via: "frontpage",
    at: NOW + HOUR,
    headlines: [{ articleId: crawled, text: "El gobierno dimite en bloque" }],
  });
});
afterAll(async () => {
  await database.close();
});

describe("headline search", () => {
  it("WEB-1: every headline version carries its article's outlet, whoever wrote it (the trigger of migration 0009)", async () => {
    const rows = await database.db.execute<{ article_id: number; outlet_id: number | null; expected: number }>(sql`
      select hv.article_id, hv.outlet_id, a.outlet_id as expected from headline_versions hv join articles a on a.id = hv.article_id`);
    expect(rows.length).toBe(29);
    for (const row of rows) expect(row.outlet_id).toBe(row.expected);
    expect(rows.find((r) => Number(r.article_id) === crawled)?.outlet_id).toBe(dos);
  });

  it("WEB-1: a search over every outlet finds all matches, newest first, 20 to a page", async () => {
    const first = await search("gobierno");
    expect(first.total).toBe(29);
    expect(first.hits).toHaveLength(20);
    expect(first.hits[0]!.headline).toBe("El gobierno dimite en bloque");
    const times = first.hits.map((h) => h.firstSeenAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await search("gobierno", { page: 2 })).hits).toHaveLength(9);
  });

  it("WEB-1: a search narrowed to one outlet finds that outlet's matches only, counted and paged", async () => {
    const narrowed = await search("gobierno", { outlet: "dos" });
    expect(narrowed.total).toBe(4);
    expect(narrowed.hits.map((h) => h.outletSlug)).toEqual(["dos", "dos", "dos", "dos"]);
    expect(narrowed.hits[0]!.headline).toBe("El gobierno dimite en bloque");
    const uno25 = await search("gobierno", { outlet: "uno", page: 2 });
    expect(uno25.total).toBe(25);
    expect(uno25.hits).toHaveLength(5);
    expect(uno25.hits.every((h) => h.outletSlug === "uno")).toBe(true);
  });

  it("WEB-1: an outlet that does not exist finds nothing", async () => {
    const none = await search("gobierno", { outlet: "ninguna" });
    expect(none).toMatchObject({ total: 0, hits: [] });
  });

  it("WEB-1, OPS-8: a word in more than COUNT_CAP articles is counted as capped from the daily word counts; at the cap or narrowed, counted match by match", async () => {
    const tres = await addOutlet(database.db, "tres", "Diario Tres");
    // COUNT_CAP + 1 articles with "vivienda", one version each, written set-wise (the word counts' triggers fill them).
    const write = (n: number, from: number) =>
      database.sql`
        with a as (
          insert into articles (outlet_id, url, site_domain, first_seen_at, first_seen_in, first_seen_feed_at, authors)
          select ${tres}::int, 'https://www.tres.test/v' || i, 'tres.test', to_timestamp(${NOW / 1000}::float8 - i * 60), 'feed', to_timestamp(${NOW / 1000}::float8 - i * 60), '{}'
          from generate_series(${from}::int, ${from + n - 1}::int) i
          returning id, first_seen_at)
        insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
        select id, 'La vivienda sube ' || id, md5(id::text), first_seen_at, first_seen_at, '{feed}' from a`;
    const exceeds = () => wordArticlesExceed(database.db, { word: "viviend", ids: [uno, dos, tres], cap: COUNT_CAP });
    await write(COUNT_CAP, 0);
    expect(await exceeds()).toBe(false);
    const atCap = await search("vivienda");
    expect(atCap).toMatchObject({ total: COUNT_CAP, capped: false, byOutlet: [{ slug: "tres", count: COUNT_CAP }] });
    await write(1, COUNT_CAP);
    expect(await exceeds()).toBe(true);
    const over = await search("vivienda");
    expect(over).toMatchObject({ total: COUNT_CAP, capped: true, byOutlet: null });
    expect(over.hits.length).toBe(20);
    // Narrowed to another outlet, the daily counts hold none of its articles: its matches are counted one by one.
    expect(await search("vivienda", { outlet: "uno" })).toMatchObject({ total: 0, capped: false });
    // A phrase is not one word: counted match by match, capped the same.
    expect(await search('"la vivienda"')).toMatchObject({ total: COUNT_CAP, capped: true, byOutlet: null });
    await database.sql`delete from outlets where id = ${tres}`;
  });

  it("PUB-6: an excluded outlet is not searched, narrowed to it or not", async () => {
    const policies = makePolicies([{ outletId: dos, scope: "total" }], []);
    const all = await search("gobierno", {}, policies);
    expect(all.total).toBe(25);
    expect(all.outletsNotSearched).toBe(1);
    expect((await search("gobierno", { outlet: "dos" }, policies)).total).toBe(0);
  });

  it("WEB-1, WEB-9: the search page's loaders read the outlets and parse the search once between them, and find what each finds alone", async () => {
    const sent: string[] = [];
    const client = postgres(database.url, { max: 2, onnotice: () => {}, debug: (_c, query) => sent.push(query) });
    try {
      const db = drizzle(client);
      const request = { queries: ["gobierno"], from: "2026-11-19", to: "2026-11-20" };
      const query = { q: "gobierno", page: 1 };
      const page = async (reads?: ReturnType<typeof sharedReads>) =>
        Promise.all([
          searchableOutlets(db, NO_POLICIES, reads),
          loadGroupCounts(db, NO_POLICIES, reads),
          searchHeadlines(db, NO_POLICIES, query, reads),
          loadAttention(db, NO_POLICIES, request, reads),
        ]);
      const alone = await page();
      const outletReadsAlone = sent.filter((q) => /from outlets where active/.test(q)).length;
      sent.length = 0;
      const shared = await page(sharedReads(db));
      expect(sent.filter((q) => /from outlets where active/.test(q))).toHaveLength(1);
      expect(sent.filter((q) => /websearch_to_tsquery[\s\S]*numnode|numnode[\s\S]*websearch_to_tsquery/.test(q))).toHaveLength(1);
      expect(outletReadsAlone).toBe(4);
      expect(shared[0]).toEqual(alone[0]);
      expect(shared[1]).toEqual(alone[1]);
      expect(shared[2]).toEqual(alone[2]);
      expect(shared[3].series).toEqual(alone[3].series);
      expect(shared[2].total).toBe(29);
      expect(shared[0].map((o) => o.name)).toEqual(["Diario Dos", "Diario Uno"]);
    } finally {
      await client.end();
    }
  });
});
