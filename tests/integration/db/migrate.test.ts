import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../../../db/migrate";
import { createEmptyDatabase } from "../../support/database";

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe("migrations", () => {
  it("OPS-2: several processes starting at once apply the migrations exactly once", async () => {
    const empty = await createEmptyDatabase();
    drops.push(empty.drop);
    await Promise.all([migrateDatabase(empty.url), migrateDatabase(empty.url), migrateDatabase(empty.url)]);
    await migrateDatabase(empty.url); // and again later: nothing to do
    const sql = postgres(empty.url, { max: 1, onnotice: () => {} });
    const applied = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const tables = await sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`;
    await sql.end();
    expect(applied[0]!.n).toBeGreaterThanOrEqual(1);
    expect(tables[0]!.n).toBeGreaterThan(20);
  });

  it("STO-3: no column of the schema is named for page text (body, lede, html, description, content)", async () => {
    const empty = await createEmptyDatabase();
    drops.push(empty.drop);
    await migrateDatabase(empty.url);
    const sql = postgres(empty.url, { max: 1, onnotice: () => {} });
    const columns = await sql<{ table_name: string; column_name: string }[]>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`;
    await sql.end();
    const textual = columns.filter((c) => /body|lede|html|description|content|snippet|excerpt/i.test(c.column_name));
    expect(textual).toEqual([]);
  });

  it("OPS-8: the tables the pages read over long periods are vacuumed after 1 % of their rows changed, so their index-only scans stay index-only", async () => {
    const empty = await createEmptyDatabase();
    drops.push(empty.drop);
    await migrateDatabase(empty.url);
    const sql = postgres(empty.url, { max: 1, onnotice: () => {} });
    const rows = await sql<{ relname: string; reloptions: string[] | null }[]>`
      select relname, reloptions from pg_class
      where relnamespace = 'public'::regnamespace and relname in ('articles', 'rank_spans', 'front_page_days', 'frontpage_captures', 'headline_versions')`;
    await sql.end();
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.reloptions, r.relname).toEqual(
        expect.arrayContaining(["autovacuum_vacuum_scale_factor=0.01", "autovacuum_vacuum_insert_scale_factor=0.01"]),
      );
    }
  });
});
