/**
 * The claim under "sin lectura de artículos" (SPEC PUB-7): no article of an outlet whose
 * publisher declined reads is claimed while the request is in force — matched by outlet or,
 * for a request naming only a domain, by the site of the outlet's front page — and reads
 * resume once it is withdrawn. A request not yet verified changes nothing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { sources } from "../../../db/schema";
import { claimDueJobs } from "../../../crawler/schedule/claim";
import type { OutletConfig } from "../../../lib/outlets-file";
import { createTestDatabase } from "../../support/database";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");

function outlet(slug: string): OutletConfig {
  return {
    slug,
    name: slug,
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
  };
}

beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate outlets, sites, exclusions restart identity cascade`);
  await importOutlets(database.db, ["o1", "o2", "o3"].map(outlet));
  // Only article reads are due.
  await database.db.update(sources).set({ nextDueAt: new Date(T0 + 3_600_000) });
  await database.db.execute(sql`
    insert into articles (outlet_id, url, first_seen_at, first_seen_in, site_domain, read_due_at)
    select o.id, 'https://www.' || o.slug || '.test/a/1.html', ${new Date(T0).toISOString()}, 'feed', o.slug || '.test', ${new Date(T0 - 1000).toISOString()}
    from outlets o`);
});

/** A request for `slug`'s articles, by outlet id or by domain only, applied or merely received. */
async function declineReads(slug: string, p: { byDomain?: boolean; applied?: boolean }): Promise<void> {
  await database.db.execute(sql`
    insert into exclusions (outlet_id, domain, scope, channel, received_at, applied_at)
    select ${p.byDomain ? null : sql`o.id`}, ${`${slug}.test`}, 'sin-lectura-de-articulos', 'form', ${new Date(T0 - 60_000).toISOString()},
      ${p.applied === false ? null : new Date(T0 - 60_000).toISOString()}
    from outlets o where o.slug = ${slug}`);
}

const claimed = async (now = T0) =>
  (await claimDueJobs(database.db, { workerId: "w", now, leaseMs: 1000, limit: 100 })).map((j) => `${j.kind} ${j.outletSlug}`).sort();

describe("claiming article reads under a slow-down request (PUB-7)", () => {
  it("PUB-7: no article of an outlet that declined reads is claimed, whether the request names the outlet or its domain", async () => {
    await declineReads("o1", {});
    await declineReads("o2", { byDomain: true });
    expect(await claimed()).toEqual(["article o3"]);
  });

  it("PUB-7: a request not yet verified does not hold reads back", async () => {
    await declineReads("o1", { applied: false });
    expect(await claimed()).toEqual(["article o1", "article o2", "article o3"]);
  });

  it("PUB-7: once the request is withdrawn, the outlet's articles are claimed again", async () => {
    await declineReads("o1", {});
    expect(await claimed()).toEqual(["article o2", "article o3"]);
    await database.db.execute(sql`update exclusions set withdrawn_at = ${new Date(T0).toISOString()}`);
    // The first claim's leases (1 s) have run out too, so every outlet's article is due again.
    expect(await claimed(T0 + 2000)).toEqual(["article o1", "article o2", "article o3"]);
  });
});
