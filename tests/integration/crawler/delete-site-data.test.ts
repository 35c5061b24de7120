/**
 * STO-4: a total exclusion or a robots.txt block by name deletes the outlet's data within
 * 72 hours, on an injected clock; the decision and the request log stay; other outlets
 * keep everything.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { recordSightings } from "../../../crawler/record/articles";
import { recordCapture } from "../../../crawler/record/frontpage";
import { blocksByName, createSiteDataDeleter, DELETION_CHECK_EVERY_MS } from "../../../crawler/jobs/delete-site-data";
import { sqlTime } from "../../../db/sql-time";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-03-02T09:00:00Z");
const HOUR = 3_600_000;
const TOKEN = "hemeroscopiobot";
let database: Database;
const outletIds = new Map<string, number>();

const OUTLETS = ["uno", "dos", "tres", "cuatro"].map((slug) => ({
  slug,
  name: `Diario ${slug}`,
  homepage: `https://www.${slug}.test/`,
  feeds: [`https://www.${slug}.test/rss.xml`],
}));

/** Two captures of three articles, a shared story, features and a probe, a signal and a logged request for an outlet. */
async function fill(slug: string, at: number): Promise<void> {
  const outletId = outletIds.get(slug)!;
  const db = database.db;
  await db.transaction(async (tx) => {
    const urls = [1, 2, 3].map((n) => `https://www.${slug}.test/noticia-${n}.html`);
    const ids = await recordSightings(tx, {
      outletId,
      siteOf: () => `${slug}.test`,
      via: "frontpage",
      at,
      sightings: urls.map((url, i) => ({ url, headline: i === 0 ? "El Gobierno aprueba el presupuesto" : `Titular ${slug} ${i}` })),
    });
    await recordCapture(tx, {
      outletId,
      at,
      renderMode: "static",
      ranks: urls.map((url, i) => ({ articleId: ids.get(url)!, rank: i + 1 })),
    });
    await recordCapture(tx, {
      outletId,
      at: at + HOUR / 4,
      renderMode: "static",
      ranks: urls.map((url, i) => ({ articleId: ids.get(url)!, rank: i + 1 })),
    });
    const first = ids.get(urls[0]!)!;
    await tx.execute(
      sql`insert into body_summaries (article_id, simhash, shingle_count, computed_at) values (${first}, 42, 10, ${sqlTime(at)})`,
    );
    await tx.execute(
      sql`insert into story_fingerprints (article_id, token_hashes, captured_at) values (${first}, '{1,2,3}', ${sqlTime(at)})`,
    );
    await tx.execute(sql`insert into stories (id, first_seen_at, last_seen_at, outlet_count) values (1, ${sqlTime(at)}, ${sqlTime(at)}, 1)
      on conflict (id) do update set outlet_count = stories.outlet_count + 1`);
    await tx.execute(sql`update articles set story_id = 1 where id = ${first}`);
    await tx.execute(
      sql`insert into signals (outlet_id, kind, scope, value, first_seen_at, last_seen_at) values (${outletId}, 'tdm-reservation', 'site', '1', ${sqlTime(at)}, ${sqlTime(at)})`,
    );
    await tx.execute(
      sql`insert into probes (site_domain, outlet_id, url, at, status, answered) values (${`${slug}.test`}, ${outletId}, ${`https://www.${slug}.test/`}, ${sqlTime(at)}, 200, true)`,
    );
    await tx.execute(
      sql`insert into fetch_log (at, site_domain, url, kind, outcome) values (${sqlTime(at)}, ${`${slug}.test`}, ${`https://www.${slug}.test/`}, 'frontpage', 'ok')`,
    );
  });
  const hash = createHash("sha256").update("El Gobierno aprueba el presupuesto").digest("hex");
  await db.execute(sql`insert into headline_features (text_hash, chars, words, is_question, is_exclamation, has_quote, has_number, first_or_second_person, has_colon_or_dash, capitalised_tokens, clickbait_patterns)
    values (${hash}, 34, 5, false, false, false, false, false, false, 1, '{}') on conflict do nothing`);
}

/** Rows left of an outlet, per table. */
async function rowsOf(slug: string): Promise<Record<string, number>> {
  const id = outletIds.get(slug)!;
  const [row] = await database.db.execute<Record<string, number>>(sql`
    select
      (select count(*) from articles where outlet_id = ${id})::int as articles,
      (select count(*) from headline_versions v join articles a on a.id = v.article_id where a.outlet_id = ${id})::int as versions,
      (select count(*) from rank_spans where outlet_id = ${id})::int as spans,
      (select count(*) from frontpage_captures where outlet_id = ${id})::int as captures,
      (select count(*) from signals where outlet_id = ${id})::int as signals,
      (select count(*) from probes where outlet_id = ${id})::int as probes,
      (select count(*) from fetch_log where site_domain = ${`${slug}.test`})::int as requests`);
  return row!;
}

async function storeRobots(slug: string, text: string, at: number): Promise<void> {
  const host = `https://www.${slug}.test`;
  await database.db.execute(sql`insert into sites (domain) values (${`${slug}.test`}) on conflict do nothing`);
  await database.db.execute(sql`insert into hosts (host, site_domain) values (${host}, ${`${slug}.test`}) on conflict do nothing`);
  const [version] = await database.db.execute<{ id: number }>(sql`
    insert into robots_versions (host, sha256, robots_txt, first_fetched_at, last_fetched_at)
    values (${host}, ${createHash("sha256").update(text).digest("hex")}, ${text}, ${sqlTime(at)}, ${sqlTime(at)}) returning id`);
  await database.db.execute(
    sql`update hosts set robots_access = 'parse', robots_status = '200', robots_version_id = ${version!.id}, robots_fetched_at = ${sqlTime(at)} where host = ${host}`,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(OUTLETS), "outlets.json"));
  for (const r of await database.db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets`)) outletIds.set(r.slug, r.id);
  for (const o of OUTLETS) await fill(o.slug, T0);
});

afterAll(async () => {
  await database?.close();
});

describe("deleting a site's data (STO-4)", () => {
  it("STO-4: a robots.txt block is 'by name' only when a group names our token and shuts out the front page", () => {
    const home = "https://www.x.test/";
    expect(blocksByName("User-agent: HemeroscopioBot\nDisallow: /\n", home, TOKEN)).toBe(true);
    expect(blocksByName("User-agent: GPTBot\nUser-agent: hemeroscopiobot\nDisallow: /\n\nUser-agent: *\nAllow: /\n", home, TOKEN)).toBe(
      true,
    );
    expect(blocksByName("User-agent: *\nDisallow: /\n", home, TOKEN)).toBe(false);
    expect(blocksByName("User-agent: HemeroscopioBot\nDisallow: /privado/\n", home, TOKEN)).toBe(false);
    expect(blocksByName("User-agent: HemeroscopioBot-Extended\nDisallow: /\n", home, TOKEN)).toBe(false);
  });

  it("STO-4: within 72 h of a total exclusion and of a block by name, the outlet's data is gone; the decision and request log stay; others keep theirs", async () => {
    let now = T0 + 2 * HOUR;
    const deleter = createSiteDataDeleter({ db: database.db, now: () => now, productToken: TOKEN });
    const signal = new AbortController().signal;
    const before = await rowsOf("uno");
    expect(before).toMatchObject({ articles: 3, versions: 3, captures: 2, signals: 1, probes: 1, requests: 1 });
    expect(before.spans).toBeGreaterThan(0);

    // Nothing asked for yet: nothing deleted.
    expect(await deleter.deleteDue(signal)).toBe(0);

    // "uno" asks for a total exclusion (applied now); "dos" blocks us by name; "tres" blocks every crawler; "cuatro" asks only "sin posición".
    await database.db.execute(sql`insert into exclusions (outlet_id, domain, scope, channel, received_at, verified_at, applied_at)
      values (${outletIds.get("uno")!}, 'uno.test', 'total', 'form', ${sqlTime(now)}, ${sqlTime(now)}, ${sqlTime(now)}),
             (${outletIds.get("cuatro")!}, 'cuatro.test', 'sin-posicion', 'form', ${sqlTime(now)}, ${sqlTime(now)}, ${sqlTime(now)})`);
    await storeRobots("dos", "User-agent: HemeroscopioBot\nDisallow: /\n", now);
    await storeRobots("tres", "User-agent: *\nDisallow: /\n", now);

    // The deleter looks every few minutes of clock time: it has just looked.
    now += 60_000;
    expect(await deleter.deleteDue(signal)).toBe(0);
    now += DELETION_CHECK_EVERY_MS;
    expect(await deleter.deleteDue(signal)).toBe(2);
    expect(now - (T0 + 2 * HOUR)).toBeLessThan(72 * HOUR);

    for (const slug of ["uno", "dos"]) {
      expect(await rowsOf(slug), slug).toEqual({ articles: 0, versions: 0, spans: 0, captures: 0, signals: 0, probes: 0, requests: 1 });
    }
    for (const slug of ["tres", "cuatro"]) expect((await rowsOf(slug)).articles, slug).toBe(3);

    // Derived rows: the shared story keeps the outlets that remain; the features of a headline others still carry stay.
    const [story] = await database.db.execute<{ outlet_count: number }>(sql`select outlet_count from stories where id = 1`);
    expect(story!.outlet_count).toBe(2);
    const [features] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from headline_features`);
    expect(features!.n).toBe(1);
    const [orphans] = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from body_summaries b left join articles a on a.id = b.article_id where a.id is null`,
    );
    expect(orphans!.n).toBe(0);

    // The record of each decision, with what went.
    const records = await database.db.execute<{
      outlet_id: number;
      reason: string;
      articles_deleted: number;
      rows_deleted: Record<string, number>;
    }>(sql`
      select outlet_id, reason, articles_deleted, rows_deleted from data_deletions order by reason`);
    expect(records.map((r) => [r.outlet_id, r.reason, Number(r.articles_deleted)])).toEqual([
      [outletIds.get("uno"), "exclusion", 3],
      [outletIds.get("dos"), "robots-block", 3],
    ]);
    expect(records[0]!.rows_deleted).toMatchObject({ articles: 3, headline_versions: 3, frontpage_captures: 2, signals: 1, probes: 1 });
    const [exclusion] = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from exclusions where outlet_id = ${outletIds.get("uno")!}`,
    );
    expect(exclusion!.n).toBe(1);
  });

  it("STO-4: what a job in flight records after the deletion goes at the next sweep; once all is gone, later sweeps find nothing to do", async () => {
    let now = T0 + 10 * HOUR;
    const deleter = createSiteDataDeleter({ db: database.db, now: () => now, productToken: TOKEN });
    const signal = new AbortController().signal;
    await fill("uno", now);
    expect((await rowsOf("uno")).articles).toBe(3);
    expect(await deleter.deleteDue(signal)).toBe(1);
    expect((await rowsOf("uno")).articles).toBe(0);
    const [record] = await database.db.execute<{ articles_deleted: number }>(
      sql`select articles_deleted from data_deletions where reason = 'exclusion'`,
    );
    expect(Number(record!.articles_deleted)).toBe(6);
    now += DELETION_CHECK_EVERY_MS;
    expect(await deleter.deleteDue(signal)).toBe(0);
  });

  it("STO-4: a withdrawn exclusion and a lifted block stop the deletions", async () => {
    let now = T0 + 20 * HOUR;
    const deleter = createSiteDataDeleter({ db: database.db, now: () => now, productToken: TOKEN });
    await database.db.execute(sql`update exclusions set withdrawn_at = ${sqlTime(now)} where scope = 'total'`);
    await storeRobots("dos", "User-agent: HemeroscopioBot\nAllow: /\n", now);
    await fill("uno", now);
    await fill("dos", now);
    now += 1;
    expect(await deleter.deleteDue(new AbortController().signal)).toBe(0);
    expect((await rowsOf("uno")).articles).toBe(3);
    expect((await rowsOf("dos")).articles).toBe(3);
  });
});
