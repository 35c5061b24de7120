/**
 * LEG-1: the crawler reads an outlet's legal notice (monthly, through the polite client)
 * and keeps its text only when it changed; the admin knows which notices it can never read
 * (robots.txt, a block, no address) and must be pasted.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { legalNoticeAccess } from "../../../db/legal-notices";
import { importOutlets } from "../../../db/outlets";
import { sqlTime } from "../../../db/sql-time";
import { createCollector } from "../../../crawler/jobs/collect";
import type { FetchResult } from "../../../lib/fetcher";
import { legalNoticeText } from "../../../crawler/parse/html/legal-notice";
import type { PoliteClient } from "../../../crawler/politeness/polite-client";
import type { Job } from "../../../crawler/schedule/claim";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-06-01T10:00:00Z");
let database: Database;
const ids = new Map<string, number>();

const page = (body: string) => `<!doctype html><html><head><title>Aviso legal</title></head><body>
  <nav><a href="/">Portada</a> <a href="/deportes">Deportes</a></nav>
  <main><h1>Aviso legal</h1><p>${body}</p><p>Queda prohibida la reproducción total o parcial de los contenidos sin autorización expresa.</p></main>
  <footer>© Diario</footer></body></html>`;

function legalJob(slug: string): Job {
  return {
    sourceId: 1,
    outletId: ids.get(slug)!,
    outletSlug: slug,
    timezone: "Europe/Madrid",
    kind: "legal",
    url: `https://www.${slug}.test/aviso-legal`,
    intervalMinutes: 43_200,
    etag: null,
    lastModified: null,
    leaseUntil: new Date(T0 + 60_000),
  };
}

function response(slug: string, html: string): { finalUrl: string; result: FetchResult } {
  const url = `https://www.${slug}.test/aviso-legal`;
  return {
    finalUrl: url,
    result: {
      outcome: "ok",
      status: 200,
      url,
      headers: { "content-type": "text/html; charset=utf-8" },
      body: new TextEncoder().encode(html),
      bytes: html.length,
      durationMs: 5,
      startedAt: T0,
      endedAt: T0 + 5,
    },
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(
    database.db,
    parseOutletsFile(
      JSON.stringify(
        ["uno", "dos", "tres", "cuatro"].map((slug) => ({
          slug,
          name: `Diario ${slug}`,
          homepage: `https://www.${slug}.test/`,
          feeds: [`https://www.${slug}.test/rss.xml`],
          ...(slug === "cuatro" ? {} : { legalNotice: `https://www.${slug}.test/aviso-legal` }),
        })),
      ),
      "outlets.json",
    ),
  );
  for (const r of await database.db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets`)) ids.set(r.slug, r.id);
});

afterAll(async () => {
  await database?.close();
});

describe("legal notices (LEG-1)", () => {
  it("LEG-1: the notice's own text is taken, without the site's menus", () => {
    const text = legalNoticeText(page("Editora Diario S.L., CIF B12345678, inscrita en el Registro Mercantil de Madrid."))!;
    expect(text).toContain("CIF B12345678");
    expect(text).toContain("Queda prohibida la reproducción");
    expect(legalNoticeText("<html><body>   </body></html>")).toBeUndefined();
  });

  it("SCH-5: each outlet's legal notice is a source read monthly", async () => {
    const rows = await database.db.execute<{ slug: string; interval_minutes: number; url: string }>(sql`
      select o.slug, s.interval_minutes, s.url from sources s join outlets o on o.id = s.outlet_id where s.kind = 'legal' order by o.slug`);
    expect(rows.map((r) => [r.slug, r.interval_minutes, r.url])).toEqual(
      ["dos", "tres", "uno"].map((slug) => [slug, 30 * 24 * 60, `https://www.${slug}.test/aviso-legal`]),
    );
  });

  it("LEG-1, SCH-5: a read notice is kept once, and again only when its text changed", async () => {
    let now = T0;
    const collect = createCollector({
      db: database.db,
      client: {} as PoliteClient,
      now: () => now,
      siteOf: (u) => new URL(u).hostname.replace(/^www\./, ""),
      outletSite: async () => "uno.test",
    });
    const first = page("Editora Uno S.L., CIF B12345678.");
    expect(await collect(legalJob("uno"), response("uno", first))).toEqual({ changed: true });
    now += 30 * 86_400_000;
    expect(await collect(legalJob("uno"), response("uno", first))).toEqual({ changed: false });
    now += 30 * 86_400_000;
    expect(await collect(legalJob("uno"), response("uno", page("Editora Uno S.A., CIF A87654321.")))).toEqual({ changed: true });
    const kept = await database.db.execute<{ source: string; notice_text: string }>(sql`
      select source, notice_text from legal_notices where outlet_id = ${ids.get("uno")!} order by captured_at`);
    expect(kept.map((k) => k.source)).toEqual(["rastreador", "rastreador"]);
    expect(kept[1]!.notice_text).toContain("A87654321");
  });

  it("LEG-1: the admin is told which notices the bot may never read and must be pasted", async () => {
    const host = "https://www.dos.test";
    const robots = "User-agent: HemeroscopioBot\nDisallow: /aviso-legal\n";
    await database.db.execute(sql`insert into sites (domain) values ('dos.test') on conflict do nothing`);
    await database.db.execute(sql`insert into hosts (host, site_domain, robots_access) values (${host}, 'dos.test', 'parse')`);
    const [v] = await database.db.execute<{
      id: number;
    }>(sql`insert into robots_versions (host, sha256, robots_txt, first_fetched_at, last_fetched_at)
      values (${host}, ${createHash("sha256").update(robots).digest("hex")}, ${robots}, ${sqlTime(T0)}, ${sqlTime(T0)}) returning id`);
    await database.db.execute(sql`update hosts set robots_version_id = ${v!.id} where host = ${host}`);
    await database.db.execute(
      sql`update sources set closed_since = ${sqlTime(T0)} where outlet_id = ${ids.get("tres")!} and kind = 'legal'`,
    );
    await database.db.execute(
      sql`update sources set last_success_at = ${sqlTime(T0)} where outlet_id = ${ids.get("uno")!} and kind = 'legal'`,
    );
    const access = await legalNoticeAccess(database.db, "hemeroscopiobot");
    expect(["uno", "dos", "tres", "cuatro"].map((slug) => access.get(ids.get(slug)!))).toEqual(["reads", "robots", "blocked", "no-url"]);
    // Another crawler's ban is not ours.
    expect((await legalNoticeAccess(database.db, "otrobot")).get(ids.get("dos")!)).toBe("not-yet");
  });
});
