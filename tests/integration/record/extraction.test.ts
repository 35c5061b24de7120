/**
 * What the recorder keeps of a failed extraction (SPEC EXT-6), on real PostgreSQL: a failed
 * front-page capture is a capture row and nothing else (no span closed or opened, open spans
 * continue at the next good capture); a feed or sitemap that yielded before and yields nothing
 * counts failures in a row until it yields again; the latest failure stays on record.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { listExtractionsForOperator } from "../../../db/admin-extractions";
import { frontPageAt } from "../../../db/figures/api/front-pages";
import { importOutlets } from "../../../db/outlets";
import { recordSightings } from "../../../crawler/record/articles";
import {
  frontPageHistory,
  recordExtractionRecovered,
  recordFailedFrontPage,
  recordListingExtraction,
} from "../../../crawler/record/extraction";
import { forgetOpenSpans, recordCapture } from "../../../crawler/record/frontpage";
import { frontPageExtractionFailed } from "../../../lib/collection/extraction-floor";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-11-30T09:00:00Z");
const LOOK = 15 * 60_000;
let database: Database;
let outletId: number;
let front: number;
let feed: number;

const urls = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `http://www.diarioprueba.test/noticia/${from + i}.html`);

/** A successful capture of these article URLs, in order. */
async function capture(at: number, list: string[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    const ids = await recordSightings(tx, {
      outletId,
      siteOf: () => "diarioprueba.test",
      via: "frontpage",
      at,
      sightings: list.map((url) => ({ url, headline: `Titular ${url.slice(-8)}` })),
    });
    await recordCapture(tx, {
      outletId,
      at,
      renderMode: "static",
      ranks: list.map((url, i) => ({ articleId: ids.get(url)!, rank: i + 1 })),
    });
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(1))), "sim.json"));
  const [o] = await database.db.execute<{ id: number }>(sql`select id from outlets`);
  outletId = o!.id;
  const sources = await database.db.execute<{ id: number; kind: string }>(
    sql`select id, kind from sources where outlet_id = ${outletId} order by id`,
  );
  front = sources.find((s) => s.kind === "frontpage")!.id;
  feed = sources.find((s) => s.kind === "feed")!.id;
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  forgetOpenSpans();
  await database.db.execute(sql`truncate rank_spans, frontpage_captures, headline_versions, articles cascade`);
  await database.db.execute(
    sql`update sources set has_yielded = false, extraction_failures = 0, extraction_failed_since = null, last_extraction_failure_at = null`,
  );
});

describe("recording failed extractions", () => {
  it("EXT-6, STO-1: a failed front-page capture closes no span; the next good one continues them", async () => {
    const page = urls(40);
    for (let i = 0; i < 4; i++) await capture(T0 + i * LOOK, page);
    const history = await frontPageHistory(database.db, { outletId, sourceId: front });
    expect(history).toEqual({ recent: [40, 40, 40, 40], failures: 0 });
    expect(frontPageExtractionFailed(3, history.recent)).toBe(true);
    const spansBefore = await database.db.execute(sql`select article_id, from_at, to_at from rank_spans order by article_id`);
    for (let i = 4; i < 7; i++)
      await recordFailedFrontPage(database.db, { sourceId: front, outletId, at: T0 + i * LOOK, links: 3, renderMode: "static" });
    expect(await database.db.execute(sql`select article_id, from_at, to_at from rank_spans order by article_id`)).toEqual(spansBefore);
    // Read back at a failed capture's instant: the page of the last good capture.
    expect((await frontPageAt(database.db, outletId, T0 + 5 * LOOK)).length).toBe(40);
    expect(await frontPageHistory(database.db, { outletId, sourceId: front })).toEqual({ recent: [40, 40, 40, 40], failures: 3 });
    expect((await listExtractionsForOperator(database.db)).map((x) => [x.sourceId, x.inARow, x.since])).toEqual([
      [front, 3, T0 + 4 * LOOK],
    ]);
    // Within the gap rule (1 h 15 min after the last good capture): one newcomer on top, the 40 spans go on.
    await capture(T0 + 7 * LOOK, [...urls(1, 100), ...page]);
    await recordExtractionRecovered(database.db, front);
    const spans = await database.db.execute<{ to_at: string | null; from_at: string }>(sql`select from_at, to_at from rank_spans`);
    expect(spans.length).toBe(41);
    expect(spans.filter((s) => s.to_at !== null)).toEqual([]);
    const [state] = await database.db.execute(
      sql`select extraction_failures, extraction_failed_since, last_extraction_failure_at from sources where id = ${front}`,
    );
    expect(state).toMatchObject({ extraction_failures: 0, extraction_failed_since: null });
    expect(new Date(state!.last_extraction_failure_at as string).getTime()).toBe(T0 + 6 * LOOK);
    const captures = await database.db.execute<{ outcome: string; link_count: number }>(
      sql`select outcome, link_count from frontpage_captures order by at`,
    );
    expect(captures.map((c) => c.outcome)).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
      "extraction-failed",
      "extraction-failed",
      "extraction-failed",
      "ok",
    ]);
    expect(captures[5]!.link_count).toBe(3);
  });

  it("EXT-6: a feed that never yielded is just empty; one that yielded and goes empty fails until it yields again", async () => {
    expect(await recordListingExtraction(database.db, { sourceId: feed, at: T0, entries: 0 })).toBe(false);
    expect(await recordListingExtraction(database.db, { sourceId: feed, at: T0 + LOOK, entries: 12 })).toBe(false);
    expect(await recordListingExtraction(database.db, { sourceId: feed, at: T0 + 2 * LOOK, entries: 0 })).toBe(true);
    expect(await recordListingExtraction(database.db, { sourceId: feed, at: T0 + 3 * LOOK, entries: 0 })).toBe(true);
    const failing = await database.db.execute(sql`select extraction_failures, extraction_failed_since from sources where id = ${feed}`);
    expect(failing[0]!.extraction_failures).toBe(2);
    expect(new Date(failing[0]!.extraction_failed_since as string).getTime()).toBe(T0 + 2 * LOOK);
    expect(await listExtractionsForOperator(database.db)).toEqual([]); // 2 in a row: not yet the operator's
    expect(await recordListingExtraction(database.db, { sourceId: feed, at: T0 + 4 * LOOK, entries: 3 })).toBe(false);
    const [cleared] = await database.db.execute(
      sql`select extraction_failures, extraction_failed_since, last_extraction_failure_at from sources where id = ${feed}`,
    );
    expect(cleared).toMatchObject({ extraction_failures: 0, extraction_failed_since: null });
    expect(new Date(cleared!.last_extraction_failure_at as string).getTime()).toBe(T0 + 3 * LOOK);
  });
});
