/**
 * OPS-7: with DATABASE_READ_URL set, the site's public reads (pages, API, exports) go to that
 * server while the forms write to DATABASE_URL. Two databases on the test server stand for a
 * primary and its streaming replica; the replica is reached through a read-only role, and
 * each holds a different outlet, so every answer says which database served it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import type { OutletConfig } from "../../../lib/outlets-file";
import { issueFormToken, MIN_FILL_MS } from "../../../lib/forms/guard";
import { createTestDatabase } from "../../support/database";

const outlet = (slug: string, name: string): OutletConfig => ({
  slug,
  name,
  country: "ES",
  language: "es",
  groups: [],
  timezone: "Europe/Madrid",
  homepage: `https://www.${slug}.test/`,
  feeds: [`https://www.${slug}.test/rss.xml`],
  sitemaps: [],
  renderMode: "static",
  active: true,
  feedIntervalMinutes: 10,
  sitemapIntervalMinutes: 15,
});

const role = `reader_${randomBytes(4).toString("hex")}`;
const saved = { url: process.env.DATABASE_URL, read: process.env.DATABASE_READ_URL, dir: process.env.HEMEROSCOPIO_DATA_DIR };
let primary: Database;
let replica: Database;
let dataDir: string;

beforeAll(async () => {
  [primary, replica] = await Promise.all([createTestDatabase(2), createTestDatabase(2)]);
  await importOutlets(primary.db, [outlet("primaria", "Diario del Primario")]);
  await importOutlets(replica.db, [outlet("replica", "Diario de la Réplica")]);
  // A role that can only read, as a replica would only let it.
  const name = new URL(replica.url).pathname.slice(1);
  await replica.sql.unsafe(`create role ${role} login password 'lectura'`);
  await replica.sql.unsafe(`grant connect on database ${name} to ${role}`);
  await replica.sql.unsafe(`grant usage on schema public to ${role}`);
  await replica.sql.unsafe(`grant select on all tables in schema public to ${role}`);
  await replica.sql.unsafe(`alter role ${role} set default_transaction_read_only = on`);
  const readUrl = new URL(replica.url);
  readUrl.username = role;
  readUrl.password = "lectura";

  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-read-url-"));
  process.env.DATABASE_URL = primary.url;
  process.env.DATABASE_READ_URL = readUrl.toString();
  process.env.HEMEROSCOPIO_DATA_DIR = dataDir;
  vi.resetModules(); // db/server.ts reads the configuration once per module instance
});

afterAll(async () => {
  const server = await import("../../../db/server");
  await Promise.all([server.database().then((d) => d.close()), server.readDatabase().then((d) => d.close())]);
  for (const [name, value] of [
    ["DATABASE_URL", saved.url],
    ["DATABASE_READ_URL", saved.read],
    ["HEMEROSCOPIO_DATA_DIR", saved.dir],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await Promise.all([primary?.close(), replica?.close()]);
  const admin = postgres(primary.url.replace(/\/[^/]*$/, "/postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop role if exists ${role}`).catch(() => {});
  await admin.end();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("DATABASE_READ_URL (OPS-7)", () => {
  it("OPS-7: public pages read through the read URL's role and database", async () => {
    const { readSiteData } = await import("../../../app/_lib/pages/data");
    const read = await readSiteData(async (db) => {
      const [who] = await db.execute<{ user: string }>(sql`select current_user as user`);
      const outlets = await db.execute<{ slug: string }>(sql`select slug from outlets order by slug`);
      return { user: who!.user, slugs: outlets.map((o) => o.slug) };
    });
    expect(read).toEqual({ ok: true, value: { user: role, slugs: ["replica"] } });
  });

  it("OPS-7: the API and the exports answer from the read URL", async () => {
    const outlets = await import("../../../app/api/v1/outlets/route");
    const list = await outlets.GET(new Request("http://127.0.0.1/api/v1/outlets"));
    expect(list.status).toBe(200);
    const body = await list.text();
    expect(body).toContain("replica");
    expect(body).not.toContain("primaria");

    const exports = await import("../../../app/api/v1/exports/[file]/route");
    const csv = await exports.GET(new Request("http://127.0.0.1/api/v1/exports/outlets.csv"), {
      params: Promise.resolve({ file: "outlets.csv" }),
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("replica");
    expect(text).not.toContain("primaria");
  });

  it("OPS-7: a public form writes to DATABASE_URL, the primary", async () => {
    const { siteSecret } = await import("../../../app/_lib/forms/secret");
    const route = await import("../../../app/(public)/privacidad/firma/route");
    const token = issueFormToken(siteSecret(), "byline", Date.now() - MIN_FILL_MS - 1000);
    const response = await route.POST(
      new Request("http://127.0.0.1/privacidad/firma", {
        method: "POST",
        headers: { host: "127.0.0.1", origin: "http://127.0.0.1", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ nombre: "Ana Firmante", contacto: "ana@example.test", ficha: token }).toString(),
      }),
    );
    expect(response.status).toBe(303);
    const count = async (db: Database) => (await db.sql<{ n: number }[]>`select count(*)::int as n from byline_requests`)[0]!.n;
    expect(await count(primary)).toBe(1);
    expect(await count(replica)).toBe(0);
  });
});
