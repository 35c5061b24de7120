/**
 * STO-4 and OPS-2 in backups: backups are rotated (keep N), and after an outlet's data is
 * deleted, the worker's backup housekeeping rewrites every kept backup without the outlet's
 * rows (a damaged one that cannot be rewritten is deleted before the 72 hours), so that past
 * 72 hours no backup file holds a row of the outlet. A rewritten backup restores to exactly
 * what the database holds after the deletion.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { writeBackup } from "../../../db/backup/dump";
import { restoreBackup } from "../../../db/backup/load";
import { eachBackupLine, readBackupHeader } from "../../../db/backup/read-rows";
import { ident, tablesInOrder } from "../../../db/backup/tables";
import { createSiteDataDeleter } from "../../../crawler/jobs/delete-site-data";
import { createBackupTender } from "../../../crawler/jobs/tend-backups";
import { sqlTime } from "../../../db/sql-time";
import { createLogger } from "../../../lib/log";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createEmptyDatabase, createTestDatabase } from "../../support/database";

const HOUR = 3_600_000;
let database: Database;
let dir: string;
let outletId: number;
const logged: { level: string; event: string; file?: string }[] = [];
const log = createLogger({ component: "test", level: "debug", write: (line) => logged.push(JSON.parse(line) as (typeof logged)[number]) });
const targets: { drop(): Promise<void> }[] = [];

/** What STO-4 keeps of an outlet: its sources, its legal notices, replies, the decision. */
const KEPT = ["sources", "legal_notices", "replies", "exclusions", "data_deletions"];

/** Rows of `outlet` in a backup file, per table (through outlet_id or one of its articles), beside those STO-4 keeps. */
async function rowsOfOutlet(file: string, outlet: number): Promise<Record<string, number>> {
  const articles = new Set<string>();
  const found: Record<string, number> = {};
  await eachBackupLine(file, (_line, table, field) => {
    if (!table || !field) return;
    const own = field("outlet_id") === String(outlet) || articles.has(field("article_id"));
    if (table === "articles" && own) articles.add(field("id"));
    if (own && !KEPT.includes(table)) found[table] = (found[table] ?? 0) + 1;
  });
  return found;
}

/** Per table: row count and md5 of the sorted rows (stories by id only: the deletion recounts their outlets). */
async function fingerprint(url: string, skip: string[]): Promise<Record<string, string>> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const out: Record<string, string> = {};
    for (const { name } of await tablesInOrder(client)) {
      if (skip.includes(name)) continue;
      const row = name === "stories" ? "t.id::text" : "t::text";
      const [r] = await client.unsafe<{ n: string; sum: string }[]>(
        `select count(*)::text as n, md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as sum from ${ident(name)} t`,
      );
      out[name] = `${r?.n} ${r?.sum}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

const backupFile = (n: number) => path.join(dir, `hemeroscopio-2026030${n}T000000Z.backup.gz`);

beforeAll(async () => {
  database = await createTestDatabase(4);
  await seedHistory(
    database.sql,
    parseSeedOptions(["--days", "2", "--outlets", "4", "--seed", "borrado", "--end", "2026-03-05T00:00:00Z"], 0),
  );
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-backups-"));
  const [first] = await database.db.execute<{ outlet_id: number }>(sql`
    select outlet_id from articles a where story_id is not null group by outlet_id order by count(*) desc limit 1`);
  outletId = Number(first!.outlet_id);
  // What the seed does not write: features of every headline (some shared by two outlets), probes, signals,
  // fingerprints and body summaries of a few articles of every outlet.
  await database.db
    .execute(sql`insert into headline_features (text_hash, chars, words, is_question, is_exclamation, has_quote, has_number, first_or_second_person, has_colon_or_dash, capitalised_tokens, clickbait_patterns)
    select distinct text_hash, 30, 5, false, false, false, false, false, false, 1, '{}'::text[] from headline_versions`);
  await database.db
    .execute(sql`update headline_versions v set text_hash = (select min(text_hash) from headline_versions w where w.outlet_id <> ${outletId})
    where v.id = (select min(id) from headline_versions where outlet_id = ${outletId})`);
  await database.db.execute(sql`insert into probes (site_domain, outlet_id, url, at, status, answered)
    select 'sitio.test', id, homepage, now(), 200, true from outlets`);
  await database.db.execute(sql`insert into signals (outlet_id, kind, scope, value, first_seen_at, last_seen_at)
    select id, 'tdm-reservation', 'site', '1', now(), now() from outlets`);
  await database.db.execute(sql`insert into body_summaries (article_id, simhash, shingle_count, computed_at)
    select id, 42, 10, now() from articles where id % 7 = 0`);
  await database.db.execute(sql`insert into story_fingerprints (article_id, token_hashes, captured_at)
    select id, '{1,2,3}', now() from articles where id % 5 = 0`);
});
afterAll(async () => {
  await database?.close();
  for (const t of targets) await t.drop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe("backups honour deletions", () => {
  it("STO-4, OPS-2: past 72 h after a deletion no kept backup holds a row of the outlet; old backups are rotated", async () => {
    for (const n of [1, 2, 3]) await writeBackup(database.sql, backupFile(n));
    expect(Object.keys(await rowsOfOutlet(backupFile(3), outletId))).toEqual(
      expect.arrayContaining(["articles", "headline_versions", "rank_spans", "frontpage_captures"]),
    );
    await fs.writeFile(backupFile(4), "not a backup at all"); // a damaged file: cannot be rewritten

    // A total exclusion; the worker's deleter sweeps the outlet's data.
    const deletedAt = Date.now() + 1_000;
    await database.db.execute(sql`insert into exclusions (outlet_id, domain, scope, channel, received_at, verified_at, applied_at)
      select id, 'excluido.test', 'total', 'form', ${sqlTime(deletedAt)}, ${sqlTime(deletedAt)}, ${sqlTime(deletedAt)} from outlets where id = ${outletId}`);
    const deleter = createSiteDataDeleter({ db: database.db, now: () => deletedAt, productToken: "hemeroscopiobot" });
    expect(await deleter.deleteDue(new AbortController().signal)).toBe(1);

    // Housekeeping keeps 3, newest first: the damaged one waits, the next two are rewritten, the oldest goes.
    let now = deletedAt + 60_000;
    const tend = createBackupTender({ db: database.db, now: () => now, dir, keep: 3, log });
    expect(await tend()).toBe(3);
    expect((await fs.readdir(dir)).sort()).toEqual([
      path.basename(backupFile(2)),
      path.basename(backupFile(3)),
      path.basename(backupFile(4)),
    ]);
    expect(logged.map((l) => `${l.event} ${l.file}`)).toEqual([
      `backup.scrub_failed ${path.basename(backupFile(4))}`,
      `backup.scrubbed ${path.basename(backupFile(3))}`,
      `backup.scrubbed ${path.basename(backupFile(2))}`,
      `backup.rotated ${path.basename(backupFile(1))}`,
    ]);
    expect(await rowsOfOutlet(backupFile(3), outletId)).toEqual({});
    expect((await readBackupHeader(backupFile(3))).scrubbed).toEqual({ [String(outletId)]: new Date(deletedAt).toISOString() });

    // A backup made after the deletion is left as it is (the database's clock stamps it: wait until it is past).
    while (Date.now() <= deletedAt + 10) await new Promise((r) => setTimeout(r, 20));
    await writeBackup(database.sql, backupFile(5));
    const before = await fs.stat(backupFile(5));

    // Past 72 hours: nothing left to rewrite; the damaged file is gone and its slot keeps an older backup.
    now = deletedAt + 73 * HOUR;
    expect(await tend()).toBe(1);
    expect(logged.at(-1)).toMatchObject({ level: "error", event: "backup.dropped", file: path.basename(backupFile(4)) });
    const kept = (await fs.readdir(dir)).sort();
    expect(kept).toEqual([path.basename(backupFile(2)), path.basename(backupFile(3)), path.basename(backupFile(5))]);
    for (const name of kept) expect(await rowsOfOutlet(path.join(dir, name), outletId), name).toEqual({});
    expect((await fs.stat(backupFile(5))).mtimeMs).toBe(before.mtimeMs);
  });

  it("STO-4: a rewritten backup restores to what the database holds after the deletion (every other row kept)", async () => {
    const target = await createEmptyDatabase("scrubbed");
    targets.push(target);
    const header = await restoreBackup(target.url, backupFile(2));
    expect(header.tables.find((t) => t.name === "articles")?.rows).toBeGreaterThan(0);
    // The deletion's own records (the exclusion and its data_deletions row) were written after the backup.
    const skip = ["exclusions", "data_deletions"];
    expect(await fingerprint(target.url, skip)).toEqual(await fingerprint(database.url, skip));
  });
});
