/**
 * `npm run backup` / `npm run restore` round-trip (SPEC OPS-2 operations):
 * a seeded database (seed:history, 4 outlets × 2 days, with text, arrays, JSON, nulls and
 * timestamps) is backed up, restored into a fresh database, and compared table by table —
 * row counts and an order-independent checksum of every row's text — then restored again
 * over a non-empty database, which needs --clean.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { writeBackup } from "../../../db/backup/dump";
import { restoreBackup } from "../../../db/backup/load";
import { ident, tablesInOrder } from "../../../db/backup/tables";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createEmptyDatabase, createTestDatabase } from "../../support/database";

let source: Database;
let dir: string;
const targets: { url: string; drop(): Promise<void> }[] = [];

/** Per public table: row count and md5 of the sorted row texts. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const out: Record<string, string> = {};
    for (const { name } of await tablesInOrder(sql)) {
      const [row] = await sql.unsafe<{ n: string; sum: string | null }[]>(
        `select count(*)::text as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum from ${ident(name)} t`,
      );
      out[name] = `${row?.n} ${row?.sum}`;
    }
    return out;
  } finally {
    await sql.end();
  }
}

beforeAll(async () => {
  source = await createTestDatabase(2);
  await seedHistory(source.sql, parseSeedOptions(["--days", "2", "--outlets", "4", "--seed", "copia", "--end", "2026-03-05T00:00:00Z"], 0));
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-backup-"));
});
afterAll(async () => {
  await source?.close();
  for (const t of targets) await t.drop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("OPS-2: a restored database equals the original, table by table (counts and row checksums)", async () => {
    const file = path.join(dir, "round-trip.backup.gz");
    const header = await writeBackup(source.sql, file);
    expect(header.tables.map((t) => t.name)).toEqual(expect.arrayContaining(["outlets", "articles", "headline_versions", "rank_spans"]));
    expect(header.tables.find((t) => t.name === "headline_versions")?.rows).toBeGreaterThan(100);
    const target = await createEmptyDatabase("restore");
    targets.push(target);
    await restoreBackup(target.url, file);
    const [before, after] = [await fingerprint(source.url), await fingerprint(target.url)];
    expect(Object.keys(after).length).toBeGreaterThan(10);
    expect(after).toEqual(before);
    // Sequences continue after the restored ids: a new row gets a fresh id.
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      const [max] = await sql<{ id: string }[]>`select max(id)::text as id from outlets`;
      const [fresh] = await sql<{ id: string }[]>`
        insert into outlets (slug, name, homepage) values ('nuevo', 'Nuevo', 'https://nuevo.test/') returning id::text`;
      expect(Number(fresh?.id)).toBeGreaterThan(Number(max?.id));
    } finally {
      await sql.end();
    }
  });

  it("OPS-2: restore refuses a non-empty database unless --clean, which replaces its contents", async () => {
    const file = path.join(dir, "clean.backup.gz");
    await writeBackup(source.sql, file);
    await expect(restoreBackup(source.url, file)).rejects.toThrow(/not empty.*--clean/);
    const target = await createEmptyDatabase("clean");
    targets.push(target);
    await restoreBackup(target.url, file);
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    await sql`delete from rank_spans`;
    await sql.end();
    await restoreBackup(target.url, file, { clean: true });
    expect(await fingerprint(target.url)).toEqual(await fingerprint(source.url));
  });

  it("OPS-2: npm run backup and npm run restore work as commands against DATABASE_URL", async () => {
    const file = path.join(dir, "cli.backup.gz");
    const root = path.resolve(import.meta.dirname, "../../..");
    // The data dir is the test's own: the command tends its backups folder after writing.
    const env = { ...process.env, DATABASE_URL: source.url, HEMEROSCOPIO_DATA_DIR: dir };
    const backup = spawnSync(process.execPath, ["--import", "tsx", "scripts/backup.ts", file], { cwd: root, env, encoding: "utf8" });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/^backup: .*cli\.backup\.gz: \d+ tables, \d+ rows/);
    const target = await createEmptyDatabase("cli");
    targets.push(target);
    const restore = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
      cwd: root,
      env: { ...env, DATABASE_URL: target.url },
      encoding: "utf8",
    });
    expect(restore.stdout).toMatch(/^restore: .*\d+ tables, \d+ rows/);
    expect(await fingerprint(target.url)).toEqual(await fingerprint(source.url));
    const again = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
      cwd: root,
      env: { ...env, DATABASE_URL: target.url },
      encoding: "utf8",
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^restore: the database is not empty/);
  });
});
