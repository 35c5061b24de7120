/**
 * POL-4 and crash safety: a 200's ETag and Last-Modified are stored only once what the
 * response showed is recorded. Were they stored first, a worker killed in between would
 * send them again and get 304s for content it never recorded.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { createSourcePipeline } from "../../../crawler/jobs/poll-source";
import type { PoliteClient } from "../../../crawler/politeness/polite-client";
import { completeJob, type Job } from "../../../crawler/schedule/claim";
import { manualClock } from "../../../lib/clock";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-11-29T10:00:00Z");
let database: Database;
let feed: { id: number; outlet_id: number; url: string };

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, [
    {
      slug: "uno",
      name: "Uno",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: "https://www.uno.test/",
      feeds: ["https://www.uno.test/rss.xml"],
      sitemaps: [],
      renderMode: "static",
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    },
  ]);
  [feed] = (await database.db.execute<{ id: number; outlet_id: number; url: string }>(
    sql`select id, outlet_id, url from sources where kind = 'feed'`,
  )) as unknown as [typeof feed];
});

afterAll(async () => {
  await database?.close();
});

function job(etag: string | null): Job {
  return {
    sourceId: feed.id,
    outletId: feed.outlet_id,
    outletSlug: "uno",
    timezone: "Europe/Madrid",
    kind: "feed",
    url: feed.url,
    intervalMinutes: 10,
    etag,
    lastModified: null,
    leaseUntil: new Date(T0 + 600_000),
    state: { consecutiveFailures: 0 },
  };
}

/** A client that answers 200 with validators; what it was asked is kept. */
function answering(asked: (string | undefined)[]): PoliteClient {
  return {
    async request(req: { url: string; etag?: string }) {
      asked.push(req.etag);
      return {
        sent: true,
        finalUrl: req.url,
        outcome: "ok",
        result: {
          outcome: "ok",
          status: 200,
          url: req.url,
          headers: { etag: '"v2"', "last-modified": "Sun, 29 Nov 2026 09:00:00 GMT" },
          body: new Uint8Array(),
          bytes: 0,
          durationMs: 1,
          startedAt: T0,
          endedAt: T0 + 1,
        },
      };
    },
  } as unknown as PoliteClient;
}

const stored = async () =>
  (
    await database.db.execute<{ etag: string | null; last_modified: string | null }>(
      sql`select etag, last_modified from sources where id = ${feed.id}`,
    )
  )[0]!;

describe("validators after recording (POL-4, SCH-4)", () => {
  it("POL-4, SCH-4: a recording that fails leaves the old validators, so the next poll asks for the whole feed again", async () => {
    const asked: (string | undefined)[] = [];
    const failing = createSourcePipeline({
      db: database.db,
      clock: manualClock(T0),
      client: answering(asked),
      siteOf: () => "uno.test",
      collect: async () => {
        throw new Error("killed while recording");
      },
    });
    await database.db.execute(
      sql`update sources set lease_owner = 'w', lease_until = ${new Date(T0 + 600_000).toISOString()} where id = ${feed.id}`,
    );
    await expect(failing.run(job(null), new AbortController().signal)).rejects.toThrow("killed while recording");
    // The worker completes a failed job without validators (crawler/loop.ts).
    await completeJob(database.db, { job: job(null), workerId: "w", nextDueAt: T0 + 600_000 });
    expect(await stored()).toEqual({ etag: null, last_modified: null });

    await database.db.execute(
      sql`update sources set lease_owner = 'w', lease_until = ${new Date(T0 + 600_000).toISOString()} where id = ${feed.id}`,
    );
    const recording = createSourcePipeline({
      db: database.db,
      clock: manualClock(T0),
      client: answering(asked),
      siteOf: () => "uno.test",
      collect: async () => ({}),
    });
    const outcome = await recording.run(job(null), new AbortController().signal);
    expect(await stored()).toEqual({ etag: null, last_modified: null });
    // Stored with the job's completion, after the recording.
    await completeJob(database.db, { job: job(null), workerId: "w", nextDueAt: T0 + 600_000, validators: outcome.validators });
    expect(await stored()).toEqual({ etag: '"v2"', last_modified: "Sun, 29 Nov 2026 09:00:00 GMT" });
    expect(asked).toEqual([undefined, undefined]);
  });
});
