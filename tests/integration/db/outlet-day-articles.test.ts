/** The daily article counts (migration 0025) follow every insert and delete of articles, whichever statement writes them (SPEC OPS-8). */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { articles, outlets } from "../../../db/schema";
import { createTestDatabase } from "../../support/database";

let database: Database;
let outletId: number;

beforeAll(async () => {
  database = await createTestDatabase(2);
  const [outlet] = await database.db
    .insert(outlets)
    .values({ slug: "diario", name: "Diario", homepage: "https://www.diario.test/" })
    .returning();
  outletId = outlet!.id;
});
afterAll(async () => {
  await database.close();
});

const counts = async () =>
  (
    await database.db.execute<{ day: string; articles: number }>(
      sql`select day::text as day, articles from outlet_day_articles where outlet_id = ${outletId} order by day`,
    )
  ).map((r) => [r.day, Number(r.articles)]);

const article = (n: number, iso: string) => ({
  outletId,
  url: `https://www.diario.test/noticia-${n}`,
  firstSeenAt: new Date(iso),
  firstSeenIn: "feed" as const,
  siteDomain: "diario.test",
});

describe("outlet_day_articles", () => {
  it("counts articles per peninsular day as rows are inserted, in one statement or several", async () => {
    // 23:30 UTC on 1 March is 00:30 on 2 March in Madrid.
    await database.db
      .insert(articles)
      .values([article(1, "2026-03-01T10:00:00Z"), article(2, "2026-03-01T23:30:00Z"), article(3, "2026-03-02T08:00:00Z")]);
    await database.db.insert(articles).values(article(4, "2026-03-02T09:00:00Z"));
    expect(await counts()).toEqual([
      ["2026-03-01", 1],
      ["2026-03-02", 3],
    ]);
  });

  it("takes deleted articles off their day", async () => {
    await database.db.execute(sql`delete from articles where outlet_id = ${outletId} and url like '%noticia-3' or url like '%noticia-1'`);
    expect(await counts()).toEqual([
      ["2026-03-01", 0],
      ["2026-03-02", 2],
    ]);
  });
});
