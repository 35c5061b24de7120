/**
 * SCH-4: a worker killed outright leaves its jobs leased; once its heartbeat is two minutes
 * stale the others hand them back, on an injected clock. A live worker's jobs, this worker's
 * own, and every site lease (POL-1) are left alone.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { sqlTime } from "../../../db/sql-time";
import { createLeaseReclaimer, DEAD_AFTER_MS } from "../../../crawler/schedule/reclaim-leases";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-11-29T10:00:00Z");
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(
    database.db,
    ["uno", "dos", "tres"].map((slug) => ({
      slug,
      name: slug,
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: `https://www.${slug}.test/`,
      feeds: [`https://www.${slug}.test/rss.xml`],
      sitemaps: [],
      renderMode: "static" as const,
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    })),
  );
});

afterAll(async () => {
  await database?.close();
});

const leaseOf = async (slug: string) =>
  (
    await database.db.execute<{ lease_until: string }>(sql`
  select s.lease_until from sources s join outlets o on o.id = s.outlet_id where o.slug = ${slug} and s.kind = 'feed'`)
  )[0]!.lease_until;

describe("jobs of dead workers (SCH-4)", () => {
  it("SCH-4: jobs leased by a worker silent for two minutes are handed back; live workers, oneself and site leases are untouched", async () => {
    const db = database.db;
    const until = sqlTime(T0 + 600_000);
    for (const [slug, owner] of [
      ["uno", "muerto"],
      ["dos", "vivo"],
      ["tres", "yo"],
    ] as const) {
      await db.execute(
        sql`update sources s set lease_owner = ${owner}, lease_until = ${until} from outlets o where o.id = s.outlet_id and o.slug = ${slug} and s.kind = 'feed'`,
      );
    }
    await db.execute(sql`insert into sites (domain, lease_owner, lease_until) values ('uno.test', 'muerto', ${until})`);
    const beat = (id: string, at: number) =>
      db.execute(sql`insert into app_state (key, value, updated_at) values (${`worker:${id}`}, '{}', ${sqlTime(at)})
      on conflict (key) do update set updated_at = excluded.updated_at`);
    await beat("muerto", T0);
    await beat("vivo", T0);
    await beat("yo", T0);

    let now = T0 + DEAD_AFTER_MS - 1_000;
    const reclaim = createLeaseReclaimer({ db, now: () => now, workerId: "yo" });
    expect(await reclaim()).toBe(0);

    now = T0 + DEAD_AFTER_MS + 1_000;
    await beat("vivo", now - 5_000);
    expect(await reclaim()).toBe(1);
    expect(new Date(await leaseOf("uno")).getTime()).toBe(now);
    expect(new Date(await leaseOf("dos")).getTime()).toBe(T0 + 600_000);
    expect(new Date(await leaseOf("tres")).getTime()).toBe(T0 + 600_000);
    const [site] = await db.execute<{ lease_until: string }>(sql`select lease_until from sites where domain = 'uno.test'`);
    expect(new Date(site!.lease_until).getTime()).toBe(T0 + 600_000);
    const beats = (await db.execute<{ key: string }>(sql`select key from app_state where key like 'worker:%' order by key`)).map(
      (r) => r.key,
    );
    expect(beats).toEqual(["worker:vivo", "worker:yo"]);
    // Once handed back, there is nothing more to do.
    expect(await reclaim()).toBe(0);
  });
});
