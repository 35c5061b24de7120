/**
 * The outlets' status the worker stores (db/figures/outlet-status.ts): "Estado" and "Cabeceras" read
 * from it the very figures the statements they ran on every render counted (per-request-status.ts),
 * on a generated week of three outlets with probes, a TDM reservation, headline features and framing,
 * under publishers' requests; and they count for themselves when the stored copy is stale or incomplete. The outlet
 * page's status reads its 7 days' counts from the same rows, so it shows what "Estado" shows.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStatusKeeper } from "../../../crawler/derive/outlet-status";
import type { Database } from "../../../db/client";
import { refreshOutletStatus, STATUS_MAX_AGE_MS, storedStatusAt } from "../../../db/figures/outlet-status";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadOutletStatus } from "../../../db/queries/outlet-page/status";
import { loadOutletComparison } from "../../../db/queries/site/outlet-comparison";
import { readStatusPage } from "../../../db/queries/site/status-page";
import { sqlTime } from "../../../db/sql-time";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { addExclusion, addOutlet, addProbes, addSignal, HOUR, MINUTE } from "../../support/page-fixtures";
import { perRequestComparison, perRequestStatusPage } from "./per-request-status";

const END = Date.parse("2026-11-20T12:00:00Z");
let database: Database;
let outletIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const options = parseSeedOptions(["--outlets", "3", "--days", "8", "--seed", "estado", "--end", new Date(END).toISOString()], Date.now());
  await seedHistory(database.sql, options);
  // The generator leaves its sources idle; here they are read, as a crawl's are, one with failed extractions.
  await db.execute(sql`update sources set active = true`);
  await db.execute(sql`
    update sources set last_extraction_failure_at = ${sqlTime(END - 5 * HOUR)}, extraction_failed_since = ${sqlTime(END - 5 * HOUR)},
      extraction_failures = 2
    where id = (select min(id) from sources where kind = 'feed')`);
  outletIds = (await db.execute<{ id: number }>(sql`select id from outlets order by id`)).map((r) => r.id);
  const [first, second] = outletIds;
  const [{ slug } = { slug: "" }] = await db.execute<{ slug: string }>(sql`select slug from outlets where id = ${first!}`);
  await addProbes(db, first!, slug, [
    [END - 3 * HOUR, false],
    [END - 2 * HOUR, true],
    [END - 8 * 24 * HOUR, true],
  ]);
  await addSignal(db, second!, "tdm-reservation", "site", "1", END - HOUR);
  // Our requests to each outlet's sites over the last day and a half, in two busy hours and a quiet one.
  await db.execute(sql`
    insert into fetch_log (at, site_domain, url, kind, status, bytes, duration_ms, outcome, worker_id)
    select ${sqlTime(END)}::timestamptz - make_interval(mins => m), s.site_domain, s.url, 'frontpage', 200, 1000, 50,
      case when m % 13 = 0 then 'robots-disallowed' else 'ok' end, 'test'
    from sources s cross join generate_series(1, 36 * 60, 17) m where s.kind = 'frontpage'`);
  // Headline features and framing letters for some of the week's headlines (the analysis would store them).
  await db.execute(sql`
    insert into headline_features (text_hash, chars, words, is_question, is_exclamation, has_quote, has_number, first_or_second_person,
      has_colon_or_dash, capitalised_tokens, clickbait_patterns, language)
    select text_hash, 40, 7, n % 3 = 0, false, n % 5 = 0, n % 2 = 0, false, false, 1,
      case when n % 7 = 0 then array['lista'] else array[]::text[] end, case when n % 11 = 0 then 'en' else 'es' end
    from (select distinct on (text_hash) text_hash, row_number() over (order by text_hash) as n from headline_versions) h
    on conflict do nothing`);
  await db.execute(sql`
    insert into framing (text_hash, letter, score, model_sha256, computed_at)
    select text_hash, (array['C', 'E', 'H'])[1 + (n % 3)], 0.8, ${"ab".repeat(32)}, ${sqlTime(END - HOUR)}
    from (select text_hash, row_number() over (order by text_hash) as n from headline_features) h where n % 2 = 0`);
}, 180_000);

afterAll(async () => {
  await database?.close();
});

async function clearStored(): Promise<void> {
  await database.db.execute(sql`delete from outlet_status`);
  await database.db.execute(sql`delete from site_volume`);
}

describe("the stored status against the statements run per render", () => {
  it("WEB-1, BLK-7, DER-8, POL-1: Estado shows from the stored status exactly what it counted per render", async () => {
    await clearStored();
    const policies = await loadPolicies(database.db);
    const expected = await perRequestStatusPage(database.db, policies, END);
    expect(expected.outlets.length).toBe(3);
    expect(expected.lag.length).toBeGreaterThan(0);
    expect(expected.volume.length).toBeGreaterThan(0);
    expect(expected.outlets.some((o) => o.probes > 0)).toBe(true);
    expect(expected.outlets.some((o) => o.tdmReserved)).toBe(true);
    // Nothing stored: the page counts per render, as before.
    expect(await readStatusPage(database.db, policies, END)).toEqual(expected);
    expect(await refreshOutletStatus(database.db, policies, END)).toBe(3);
    // Stored: the same figures, read half a minute later, describe the refresh's instant.
    expect(await readStatusPage(database.db, policies, END + 30_000)).toEqual(expected);
  });

  it("WEB-2, WEB-7: Cabeceras shows from the stored status exactly what it counted per render", async () => {
    await clearStored();
    const policies = await loadPolicies(database.db);
    const expected = await perRequestComparison(database.db, policies, END);
    expect(expected.rows.some((r) => r.framing !== null && r.framing.headlines > 0)).toBe(true);
    expect(expected.rows.some((r) => r.features.headlines > 0 && r.changes.changedArticles >= 0)).toBe(true);
    expect(await loadOutletComparison(database.db, policies, END)).toEqual(expected);
    await refreshOutletStatus(database.db, policies, END);
    expect(await loadOutletComparison(database.db, policies, END + 30_000)).toEqual(expected);
  });

  it("WEB-1, WEB-7, BLK-7: the outlet page's status shows from the stored status exactly what it counted, and Estado's figures", async () => {
    await clearStored();
    const policies = await loadPolicies(database.db);
    const [first] = outletIds;
    const policy = policies.forOutlet(first!);
    const counted = await loadOutletStatus(database.db, first!, policy, END);
    expect(counted.frontPage!.captures.attempts).toBeGreaterThan(0);
    expect(counted.reads.attempts).toBeGreaterThan(0);
    expect(counted.frontPage!.probes.total).toBeGreaterThan(0);
    await refreshOutletStatus(database.db, policies, END);
    // Read half a minute later: the stored counts, their window ending at the refresh; the sources as of then.
    expect(await loadOutletStatus(database.db, first!, policy, END + 30_000)).toEqual({ ...counted, sourcesAt: END + 30_000 });
    const estado = (await readStatusPage(database.db, policies, END + 30_000)).outlets.find((o) => o.id === first)!;
    expect([estado.captures, estado.reads, estado.probes]).toEqual([
      counted.frontPage!.captures.attempts,
      counted.reads.attempts,
      counted.frontPage!.probes.total,
    ]);
    // A stored figure changed shows on the page; a stale copy, or one from a later instant, is counted again.
    await database.db.execute(
      sql`update outlet_status set collection = jsonb_set(collection, '{reads}', '4321') where outlet_id = ${first!}`,
    );
    expect((await loadOutletStatus(database.db, first!, policy, END + MINUTE)).reads.attempts).toBe(4321);
    const late = END + STATUS_MAX_AGE_MS + MINUTE;
    const stale = await loadOutletStatus(database.db, first!, policy, late);
    expect(stale.end).toBe(late);
    expect(stale.reads.attempts).not.toBe(4321);
    expect((await loadOutletStatus(database.db, first!, policy, END - MINUTE)).end).toBe(END - MINUTE);
  });

  it("PUB-1, PUB-6: under publishers' requests the stored figures show what the page counted, and none of an excluded outlet", async () => {
    const [first, second, third] = outletIds;
    await addExclusion(database.db, first!, "total", END - 2 * HOUR);
    await addExclusion(database.db, second!, "sin-posicion", END - 2 * HOUR);
    await addExclusion(database.db, third!, "sin-anotacion-de-modelo", END - 2 * HOUR);
    try {
      await clearStored();
      const policies = await loadPolicies(database.db);
      const status = await perRequestStatusPage(database.db, policies, END);
      const comparison = await perRequestComparison(database.db, policies, END);
      expect(status.outlets.map((o) => o.id)).not.toContain(first);
      await refreshOutletStatus(database.db, policies, END);
      const [kept] = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from outlet_status where outlet_id = ${first!}`,
      );
      expect(kept!.n).toBe(0);
      expect(await readStatusPage(database.db, policies, END + MINUTE)).toEqual(status);
      expect(await loadOutletComparison(database.db, policies, END + MINUTE)).toEqual(comparison);
      // A request lifted after the refresh: the stored copy lacks the outlet, so the page counts for itself.
      await database.db.execute(sql`delete from exclusions where outlet_id = ${first!}`);
      const lifted = await loadPolicies(database.db);
      const now = END + 2 * MINUTE;
      expect(await readStatusPage(database.db, lifted, now)).toEqual(await perRequestStatusPage(database.db, lifted, now));
    } finally {
      await database.db.execute(sql`delete from exclusions`);
    }
  });
});

describe("freshness", () => {
  it("WEB-1: a stored copy older than its bound, or from a later instant than the reader's clock, is not shown", async () => {
    const policies = await loadPolicies(database.db);
    await refreshOutletStatus(database.db, policies, END);
    const late = END + STATUS_MAX_AGE_MS + MINUTE;
    const stale = await readStatusPage(database.db, policies, late);
    expect(stale.now).toBe(late);
    expect(stale).toEqual(await perRequestStatusPage(database.db, policies, late));
    const early = END - MINUTE;
    expect((await loadOutletComparison(database.db, policies, early)).end).toBe(early);
    expect((await loadOutletComparison(database.db, policies, END + MINUTE)).end).toBe(END);
  });

  it("WEB-1: the worker's chore refreshes the stored status once a minute of its clock", async () => {
    await clearStored();
    let now = END;
    const chore = createStatusKeeper({ db: database.db, now: () => now });
    await chore();
    expect(await storedStatusAt(database.db)).toBe(END);
    now = END + 30_000;
    await chore();
    expect(await storedStatusAt(database.db)).toBe(END);
    now = END + 61_000;
    await chore();
    expect(await storedStatusAt(database.db)).toBe(END + 61_000);
  });
});

describe("an outlet added after the refresh", () => {
  it("WEB-1: makes the page count for itself until the next refresh, so no outlet goes missing", async () => {
    const policies = await loadPolicies(database.db);
    await refreshOutletStatus(database.db, policies, END);
    await addOutlet(database.db, "recien-llegada", "Recién llegada");
    const page = await readStatusPage(database.db, await loadPolicies(database.db), END + MINUTE);
    expect(page.now).toBe(END + MINUTE);
    expect(page.outlets.map((o) => o.slug)).toContain("recien-llegada");
  });
});
