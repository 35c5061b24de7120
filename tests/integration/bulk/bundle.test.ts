/**
 * The research bundle and the bulk file routes (SPEC WEB-9) on real PostgreSQL: one zip for a
 * period and a set of outlets, with the exports' rows of those outlets only, a codebook from
 * /datos's definitions, and checksums that match; the file route serves only what a manifest lists.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { answerApi } from "../../../app/_lib/api/answer";
import { DATASETS } from "../../../db/open-data/datasets/index";
import { fieldDoc } from "../../../app/_lib/api/docs";
import { bundleResponse } from "../../../app/_lib/bulk/bundle";
import { parseBundleQuery } from "../../../app/_lib/bulk/bundle-params";
import { bulkFileResponse } from "../../../app/_lib/bulk/serve-file";
import { ApiError } from "../../../db/open-data/errors";
import { tendBulk } from "../../../db/bulk/tend";
import { sha256Hex } from "../../../lib/bulk/manifest";
import { parseCsv } from "../../../lib/csv";
import { createLogger } from "../../../lib/log";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { apiCaller } from "../api/call";

const NOW = Date.parse("2026-03-05T06:00:00Z");
let database: Database;
let dir: string;
let slugs: string[];

async function bundle(query: string): Promise<Response> {
  const url = new URL(`http://api.test/api/v1/bulk/bundle?${query}`);
  return answerApi(
    async () => database.db,
    new Request(url),
    (ctx) => bundleResponse(ctx, parseBundleQuery(url.searchParams)),
    (error) => {
      throw error;
    },
    NOW,
  );
}

beforeAll(async () => {
  database = await createTestDatabase(4);
  await seedHistory(
    database.sql,
    parseSeedOptions(["--days", "2", "--outlets", "3", "--seed", "paquete", "--end", "2026-03-05T00:00:00Z"], 0),
  );
  const rows = await database.sql<{ slug: string }[]>`select slug from outlets order by slug`;
  slugs = rows.map((r) => r.slug);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-bundle-"));
});
afterAll(async () => {
  await database?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe("research bundle", () => {
  it("holds the four datasets of the chosen outlets and period, as the exports serve them, with a codebook and checksums", async () => {
    const chosen = slugs.slice(0, 2);
    const response = await bundle(`from=2026-03-03&to=2026-03-04&outlets=${chosen.join(",")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="hemeroscopio-2026-03-03_2026-03-04-2cabeceras-v1.1.0.zip"',
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      "LEEME.md",
      "codebook.csv",
      "articles.csv",
      "headline-versions.csv",
      "rank-spans.csv",
      "stories.csv",
      "manifest.json",
      "SHA256SUMS",
    ]);
    const text = (name: string) => new TextDecoder().decode(files[name]);
    // Checksums of every file but itself, in sha256sum's format.
    const sums = text("SHA256SUMS").trim().split("\n");
    expect(sums).toHaveLength(7);
    for (const line of sums) {
      const [sum, name] = line.split("  ");
      expect(sha256Hex(files[name!]!)).toBe(sum);
    }
    const manifest = JSON.parse(text("manifest.json")) as {
      dataset_version: string;
      outlets: string[];
      files: { name: string; rows?: number }[];
    };
    expect(manifest).toMatchObject({ dataset_version: "1.1.0", outlets: [...chosen].sort() });
    // The rows are the exports' rows of those outlets, one outlet after the other.
    const api = apiCaller(
      () => database,
      () => NOW,
    );
    for (const name of ["articles", "headline-versions", "rank-spans"]) {
      const expected: string[] = [];
      for (const outlet of [...chosen].sort()) {
        const csv = await (await api.call(`/api/v1/exports/${name}.csv?from=2026-03-03&to=2026-03-05&outlet=${outlet}`)).text();
        expected.push(...csv.split("\r\n").slice(1).filter(Boolean));
      }
      const got = text(`${name}.csv`).split("\r\n").filter(Boolean);
      expect(got.slice(1)).toEqual(expected);
      expect(manifest.files.find((f) => f.name === `${name}.csv`)!.rows).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
    }
    // The codebook is /datos's own definitions, field by field.
    const codebook = parseCsv(text("codebook.csv"));
    const articles = DATASETS.find((d) => d.name === "articles")!;
    expect(codebook.filter((r) => r[0] === "articles").map((r) => r[1])).toEqual([...articles.fields]);
    for (const [dataset, field, , description] of codebook.slice(1)) {
      expect(description).toBe(fieldDoc(dataset as "articles", field!) ?? "");
      expect(description).not.toBe("");
    }
    expect(text("LEEME.md")).toContain("Versión de los datos: 1.1.0");
  });

  it("refuses a period too long, days out of order, a bad list or an unknown outlet", async () => {
    expect((await bundle("from=2026-01-01&to=2026-06-01")).status).toBe(400);
    expect((await bundle("from=2026-03-04&to=2026-03-03")).status).toBe(400);
    expect((await bundle("from=2026-03-04&outlets=,,")).status).toBe(400);
    expect((await bundle("from=2026-03-04&extra=1")).status).toBe(400);
    expect((await bundle("from=2026-03-04&outlets=no-existe")).status).toBe(404);
  });
});

describe("bulk file route", () => {
  it("serves a listed file streamed, with its type, length and checksum; nothing else", async () => {
    await tendBulk({
      db: database.db,
      dir,
      keepDays: 3,
      now: NOW,
      log: createLogger({ component: "test", level: "error", write: () => {} }),
    });
    const response = await bulkFileResponse(dir, "2026-03-04", "articles.parquet");
    expect(response.headers.get("content-type")).toBe("application/vnd.apache.parquet");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("hemeroscopio-sha256")).toBe(sha256Hex(bytes));
    expect((await bulkFileResponse(dir, "2026-03-04", "articles.csv.gz")).headers.get("content-type")).toBe("application/gzip");
    expect((await bulkFileResponse(dir, "2026-03-04", "manifest.json")).headers.get("content-type")).toBe(
      "application/json; charset=utf-8",
    );
    for (const [day, file] of [
      ["2026-03-04", "../../etc/passwd"],
      ["2026-03-04", "outlets.csv.gz"],
      ["..", "manifest.json"],
      ["2026-03-01", "articles.parquet"],
    ])
      await expect(bulkFileResponse(dir, day!, file!)).rejects.toBeInstanceOf(ApiError);
  });
});
