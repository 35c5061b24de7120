import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { bootstrapData, defaultOutletsFile } from "../../../db/bootstrap";
import { exportOutlets, importOutlets } from "../../../db/outlets";
import { createLogger } from "../../../lib/log";
import { parseOutletsFile, readOutletsFile, serializeOutlets, type OutletConfig } from "../../../lib/outlets-file";
import { createTestDatabase } from "../../support/database";

let database: Database;
const silent = createLogger({ component: "test", write: () => {} });

const uno: OutletConfig = {
  slug: "uno",
  name: "Uno",
  country: "ES",
  language: "es",
  groups: ["nacional", "publica"],
  timezone: "Europe/Madrid",
  homepage: "https://www.uno.test/",
  feeds: ["https://feeds.uno.test/a.xml", "https://feeds.uno.test/b.xml"],
  sitemaps: ["https://cdn.uno.test/news.xml"],
  legalNotice: "https://www.uno.test/aviso-legal",
  renderMode: "static",
  active: true,
  feedIntervalMinutes: 10,
  sitemapIntervalMinutes: 15,
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("outlets in the database", () => {
  it("CFG-1: an outlets file round-trips through import and export", async () => {
    await importOutlets(database.db, [uno]);
    expect(await exportOutlets(database.db)).toEqual([uno]);
    const sources = await database.db.execute(sql`select kind, site_domain, interval_minutes from sources order by id`);
    expect(sources).toEqual([
      { kind: "frontpage", site_domain: "uno.test", interval_minutes: 15 },
      { kind: "feed", site_domain: "uno.test", interval_minutes: 10 },
      { kind: "feed", site_domain: "uno.test", interval_minutes: 10 },
      { kind: "sitemap", site_domain: "uno.test", interval_minutes: 15 },
      { kind: "legal", site_domain: "uno.test", interval_minutes: 43_200 },
    ]);
  });

  it("CFG-1: importing again updates by slug; a source no longer named is deactivated, not deleted", async () => {
    const summary = await importOutlets(database.db, [{ ...uno, name: "Uno Renovado", feeds: ["https://feeds.uno.test/a.xml"] }]);
    expect(summary).toMatchObject({ added: 0, updated: 1 });
    const [outlet] = await exportOutlets(database.db);
    expect(outlet).toMatchObject({ name: "Uno Renovado", feeds: ["https://feeds.uno.test/a.xml"] });
    const b = await database.db.execute(sql`select active from sources where url = 'https://feeds.uno.test/b.xml'`);
    expect(b).toEqual([{ active: false }]);
  });

  it("CFG-1: the default list is imported once on first start, and never over a configured file", async () => {
    const fresh = await createTestDatabase();
    try {
      await bootstrapData(fresh.db, undefined, silent);
      const count = async () => (await fresh.db.execute<{ n: number }>(sql`select count(*)::int as n from outlets`))[0]!.n;
      const shipped = (await readOutletsFile(defaultOutletsFile)).length;
      expect(await count()).toBe(shipped);
      await fresh.db.execute(sql`delete from outlets where slug = 'elpais'`);
      await bootstrapData(fresh.db, undefined, silent);
      expect(await count()).toBe(shipped - 1); // an operator's deletion is not undone
    } finally {
      await fresh.close();
    }
    const configured = await createTestDatabase();
    try {
      await bootstrapData(configured.db, [uno], silent);
      await bootstrapData(configured.db, undefined, silent); // e.g. a worker started later without the file
      expect((await configured.db.execute(sql`select slug from outlets`)).map((r) => r.slug)).toEqual(["uno"]);
    } finally {
      await configured.close();
    }
  });

  it("CFG-1: `npm run outlets` exports and imports the file from the command line", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-outlets-"));
    const file = path.join(dir, "outlets.yaml");
    await fs.writeFile(file, serializeOutlets([{ ...uno, slug: "dos", homepage: "https://www.dos.test/" }], "yaml"));
    const env = { ...process.env, DATABASE_URL: database.url };
    const imported = spawnSync(process.execPath, ["--import", "tsx", "scripts/outlets.ts", "import", file], { env, encoding: "utf8" });
    expect(imported.stdout.trim()).toBe("imported 1 outlets: 1 added, 0 updated");
    const exported = spawnSync(process.execPath, ["--import", "tsx", "scripts/outlets.ts", "export"], { env, encoding: "utf8" });
    expect(parseOutletsFile(exported.stdout, "x.json").map((o) => o.slug)).toEqual(["dos", "uno"]);
    const bad = spawnSync(process.execPath, ["--import", "tsx", "scripts/outlets.ts", "import", path.join(dir, "nope.json")], {
      env,
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
