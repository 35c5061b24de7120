/**
 * The nightly bulk files (SPEC WEB-9) on real PostgreSQL: the worker's chore writes the
 * previous day as gzipped CSV and Parquet with a manifest, the same rows as the exports of that
 * day (one definition of fields and of what is withheld), rotates days past the window, and
 * rewrites a kept day after a deletion or a new exclusion (STO-4, PUB-6) on its next round.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { createSiteDataDeleter } from "../../../crawler/jobs/delete-site-data";
import { BULK_TEND_EVERY_MS, createBulkTender } from "../../../crawler/jobs/tend-bulk";
import { sqlTime } from "../../../db/sql-time";
import { parseBulkManifest, sha256Hex, type BulkManifest } from "../../../lib/bulk/manifest";
import { parseCsv } from "../../../lib/csv";
import { createLogger } from "../../../lib/log";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { asCsvText, readParquetRows } from "../../support/parquet-reader";
import { apiCaller } from "../api/call";

const DAY = "2026-03-04";
// A day of the open data is a UTC day, as the API's from/to read a date.
const FROM = "2026-03-04T00:00:00Z";
const TO = "2026-03-05T00:00:00Z";
let database: Database;
let dir: string;
const logged: { event: string; day?: string }[] = [];
const log = createLogger({ component: "test", level: "debug", write: (line) => logged.push(JSON.parse(line) as (typeof logged)[number]) });

const readManifest = async (): Promise<BulkManifest> => parseBulkManifest(await fs.readFile(path.join(dir, DAY, "manifest.json"), "utf8"))!;
const csvOf = async (dataset: string): Promise<string> =>
  gunzipSync(await fs.readFile(path.join(dir, DAY, `${dataset}.csv.gz`))).toString("utf8");

beforeAll(async () => {
  database = await createTestDatabase(4);
  await seedHistory(
    database.sql,
    parseSeedOptions(["--days", "2", "--outlets", "4", "--seed", "volcados", "--end", "2026-03-05T00:00:00Z"], 0),
  );
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-bulk-"));
  // A day past the window, and a write that died midway long ago.
  await fs.mkdir(path.join(dir, "2026-02-01"));
  await fs.writeFile(path.join(dir, "2026-02-01", "manifest.json"), "{}");
});
afterAll(async () => {
  await database?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe("nightly bulk files", () => {
  let now = Date.parse("2026-03-05T06:00:00Z");
  const tend = () => createBulkTender({ db: database.db, now: () => now, dir, keepDays: 7, log })();

  it("writes the previous day's four datasets as the exports serve them, with a checked manifest, and rotates past the window", async () => {
    expect(await tend()).toBe(2);
    expect((await fs.readdir(dir)).sort()).toEqual([DAY]);
    expect(logged.map((l) => `${l.event} ${l.day}`)).toEqual(["bulk.rotated 2026-02-01", `bulk.written ${DAY}`]);
    const manifest = await readManifest();
    expect(manifest).toMatchObject({
      day: DAY,
      from: new Date(FROM).toISOString(),
      to: new Date(TO).toISOString(),
      dataset_version: "1.1.0",
    });
    expect(manifest.files.map((f) => f.name)).toEqual([
      "articles.csv.gz",
      "articles.parquet",
      "headline-versions.csv.gz",
      "headline-versions.parquet",
      "rank-spans.csv.gz",
      "rank-spans.parquet",
      "stories.csv.gz",
      "stories.parquet",
    ]);
    const api = apiCaller(
      () => database,
      () => now,
    );
    for (const file of manifest.files) {
      const bytes = await fs.readFile(path.join(dir, DAY, file.name));
      expect({ name: file.name, bytes: bytes.length, sha256: sha256Hex(bytes) }).toEqual({
        name: file.name,
        bytes: file.bytes,
        sha256: file.sha256,
      });
      if (file.format !== "csv.gz") continue;
      // The same bytes as the export of that day: one definition of the rows and of what is withheld.
      const exported = await (await api.call(`/api/v1/exports/${file.dataset}.csv?from=${DAY}&to=2026-03-05`)).text();
      const text = await csvOf(file.dataset);
      expect(text).toBe(exported);
      expect(parseCsv(text).length - 1).toBe(file.rows);
    }
    expect(manifest.files.find((f) => f.name === "articles.csv.gz")!.rows).toBeGreaterThan(20);
  });

  it("the Parquet files hold the CSV's rows, read back by an independent reader", async () => {
    for (const dataset of ["articles", "headline-versions", "rank-spans", "stories"]) {
      const csv = parseCsv(await csvOf(dataset));
      const { fields, rows } = readParquetRows(await fs.readFile(path.join(dir, DAY, `${dataset}.parquet`)));
      expect(fields).toEqual(csv[0]);
      const unguard = (cell: string) => cell.replace(/^'(?=[=+\-@])/, "");
      expect(rows.map((r) => fields.map((f) => asCsvText(r[f])))).toEqual(csv.slice(1).map((rec) => rec.map(unguard)));
    }
  });

  it("STO-4: after an outlet's data is deleted, the next round rewrites the day without it", async () => {
    const before = await readManifest();
    const [victim] = Object.entries(before.outlets).sort((a, b) => b[1] - a[1]);
    const slug = victim![0];
    now += 60_000;
    await database.db.execute(sql`insert into exclusions (outlet_id, domain, scope, channel, received_at, verified_at, applied_at)
      select id, 'excluido.test', 'total', 'form', ${sqlTime(now)}, ${sqlTime(now)}, ${sqlTime(now)} from outlets where slug = ${slug}`);
    const deleter = createSiteDataDeleter({ db: database.db, now: () => now, productToken: "hemeroscopiobot" });
    expect(await deleter.deleteDue(new AbortController().signal)).toBe(1);
    // The chore runs every BULK_TEND_EVERY_MS (15 minutes): far inside the 72 hours.
    now += BULK_TEND_EVERY_MS;
    expect(await tend()).toBe(1);
    expect(logged.at(-1)).toMatchObject({ event: "bulk.rewritten", day: DAY });
    const after = await readManifest();
    expect(after.outlets[slug]).toBeUndefined();
    for (const dataset of ["articles", "headline-versions", "rank-spans"]) {
      const csv = parseCsv(await csvOf(dataset));
      const column = csv[0]!.indexOf("outlet");
      expect(csv.slice(1).filter((r) => r[column] === slug)).toEqual([]);
    }
    // A round with nothing new leaves the day as it is.
    now += BULK_TEND_EVERY_MS;
    expect(await tend()).toBe(0);
  });

  it("PUB-6: an exclusion «sin titulares literales» in force rewrites the day with the headlines withheld", async () => {
    const slug = Object.keys((await readManifest()).outlets)[0]!;
    await database.db.execute(sql`insert into exclusions (outlet_id, domain, scope, channel, received_at, verified_at, applied_at)
      select id, 'literal.test', 'sin-titulares-literales', 'form', ${sqlTime(now)}, ${sqlTime(now)}, ${sqlTime(now)} from outlets where slug = ${slug}`);
    now += BULK_TEND_EVERY_MS;
    expect(await tend()).toBe(1);
    const manifest = await readManifest();
    expect(manifest.scopes[slug]).toEqual(["sin-titulares-literales"]);
    const csv = parseCsv(await csvOf("articles"));
    const [outlet, headline, url] = ["outlet", "headline", "url"].map((f) => csv[0]!.indexOf(f));
    const own = csv.slice(1).filter((r) => r[outlet!] === slug);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r[headline!] === "" && r[url!] === "")).toBe(true);
  });
});
