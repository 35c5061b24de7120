/**
 * The replay of real front-page sequences through the whole product (tests/replay/README.md):
 * each outlet's captures go, in time order and with a manual clock at each capture's time,
 * through the real collector (crawler/jobs/collect.ts: the front-page parser, the article
 * and headline recorder, the rank-span recorder) into a real database; then the stored
 * front page is read back at each capture's minute by the site's own read model
 * (db/queries/front-page-at.ts) and compared with the hand-checked expectations and with
 * the sequence the parser gave. A capture whose `Last-Modified` equals the previous one's is
 * what a conditional request gets back as `304 Not Modified`: it is not collected.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { importOutlets } from "../../db/outlets";
import { loadPolicies } from "../../db/policies-in-force";
import { loadFrontPageAt } from "../../db/queries/front-pages/front-page-at";
import { findVisibleOutlet } from "../../db/queries/outlet-page/outlet";
import { createCollector } from "../../crawler/jobs/collect";
import type { FetchResult } from "../../lib/fetcher";
import { extractFrontPage } from "../../crawler/parse/frontpage/frontpage";
import type { PoliteClient } from "../../crawler/politeness/polite-client";
import type { Job } from "../../crawler/schedule/claim";
import { siteOf } from "../../lib/registrable-domain";
import { parseOutletsFile } from "../../lib/outlets-file";
import { readReplayFile, type Expectation, type ReplayFile } from "./files";
import { addScore, scoreCapture, type OutletScore } from "./score";

/** What the replay of one outlet measured. */
export interface OutletReplay {
  outlet: string;
  /** Captures replayed, and those a conditional request would have got as 304. */
  captures: number;
  notModified: number;
  /** Against the hand-checked expectations (stored front page at each expected capture's minute). */
  expected: OutletScore;
  /** Captures whose stored ranking (URLs in order) is the parsed one. */
  ranksExact: number;
  /** Articles whose stays (runs of consecutive captures) in the stored spans are those of the parsed sequence. */
  articles: number;
  staysExact: number;
  /** Share of the outlet's articles whose first-seen time is the first capture that showed them. */
  firstSeenShare: number;
}

const MINUTE = 60_000;

function slugOf(outlet: string): string {
  return outlet.replace(/[^a-z0-9]+/g, "-");
}

/** Runs of consecutive captures (indexes) in which each URL is present. */
function stays(sequence: readonly string[][]): Map<string, number> {
  const out = new Map<string, number>();
  sequence.forEach((urls, i) => {
    const before = new Set(sequence[i - 1] ?? []);
    for (const u of new Set(urls)) if (!before.has(u)) out.set(u, (out.get(u) ?? 0) + 1);
  });
  return out;
}

/** Replay every outlet of `files` into `database` (fresh and migrated) and measure. */
export async function replayAll(
  database: Database,
  files: readonly ReplayFile[],
  expectations: Map<string, Expectation>,
  progress: (line: string) => void = () => {},
): Promise<OutletReplay[]> {
  const db = database.db;
  const outlets = [...new Set(files.map((f) => f.outlet))];
  const homepage = (o: string) =>
    files.find((f) => f.outlet === o && !f.url.includes("plus."))?.url ?? files.find((f) => f.outlet === o)!.url;
  await importOutlets(
    db,
    parseOutletsFile(
      JSON.stringify(
        outlets.map((o) => ({
          slug: slugOf(o),
          name: o,
          country: "DE",
          language: "de",
          timezone: "Europe/Berlin",
          homepage: homepage(o),
        })),
      ),
      "replay.json",
    ),
  );
  const sources = await db.execute<{ id: number; outlet_id: number; slug: string; url: string }>(sql`
    select s.id, s.outlet_id, o.slug, s.url from sources s join outlets o on o.id = s.outlet_id where s.kind = 'frontpage'`);
  let clock = 0;
  const collect = createCollector({
    db,
    client: {} as PoliteClient,
    now: () => clock,
    siteOf,
    outletSite: async (id) => siteOf(sources.find((s) => Number(s.outlet_id) === id)!.url),
  });
  const policies = await loadPolicies(db);
  const results: OutletReplay[] = [];
  for (const outlet of outlets) {
    const source = sources.find((s) => s.slug === slugOf(outlet))!;
    const job: Job = {
      sourceId: Number(source.id),
      outletId: Number(source.outlet_id),
      outletSlug: source.slug,
      timezone: "Europe/Berlin",
      kind: "frontpage",
      url: source.url,
      intervalMinutes: 15,
      etag: null,
      lastModified: null,
      leaseUntil: new Date(0),
    };
    const replayed: { file: ReplayFile; urls: string[] }[] = [];
    const seenFirst = new Map<string, number>();
    let notModified = 0;
    let lastModified: string | null = null;
    for (const file of files.filter((f) => f.outlet === outlet)) {
      if (file.lastModified !== null && file.lastModified === lastModified) {
        notModified++;
        continue;
      }
      lastModified = file.lastModified;
      const body = readReplayFile(file);
      clock = file.at;
      // The sequence as the parser reads it, to compare the stored spans with.
      const page = extractFrontPage(body, file.url, file.contentType ?? undefined);
      for (const l of [...page.links, ...(page.others ?? [])]) if (!seenFirst.has(l.url)) seenFirst.set(l.url, file.at);
      const headers: Record<string, string> = { "content-type": file.contentType ?? "text/html; charset=utf-8" };
      if (file.lastModified) headers["last-modified"] = file.lastModified;
      const result: FetchResult = {
        outcome: "ok",
        status: 200,
        url: file.url,
        headers,
        body,
        bytes: body.length,
        durationMs: 0,
        startedAt: file.at,
        endedAt: file.at,
      };
      await collect({ ...job, lastModified }, { finalUrl: file.url, result });
      replayed.push({ file, urls: page.links.map((l) => l.url) });
    }
    progress(`${outlet}: ${replayed.length} captures recorded, ${notModified} unchanged (304)`);
    const ids = new Map<number, { url: string; firstSeen: number }>();
    for (const r of await db.execute<{ id: number; url: string; first_seen_at: Date | string }>(
      sql`select id, url, first_seen_at from articles where outlet_id = ${job.outletId}`,
    )) {
      ids.set(Number(r.id), { url: r.url, firstSeen: new Date(r.first_seen_at).getTime() });
    }
    const visible = (await findVisibleOutlet(db, policies, source.slug))!;
    let expected: OutletScore = { captures: 0, lead: 0, overlap: 0, titled: 0, found: 0 };
    let ranksExact = 0;
    for (const { file, urls } of replayed) {
      const minute = Math.floor(file.at / MINUTE) * MINUTE;
      const shown = await loadFrontPageAt(db, {
        outletId: job.outletId,
        policy: visible.policy,
        minute,
        now: file.at + MINUTE,
        bestRank: false,
      });
      const reading = shown.links.map((l) => ({ url: ids.get(l.articleId)!.url, headline: l.headline }));
      if (reading.length === urls.length && reading.every((r, i) => r.url === urls[i])) ranksExact++;
      const e = expectations.get(file.file);
      if (e) expected = addScore(expected, scoreCapture(reading, e));
    }
    const want = stays(replayed.map((r) => r.urls));
    // Stays as the spans hold them: a span opens a stay unless the article's previous span
    // ended at the capture just before it (no capture in between left it out).
    const got = new Map<string, number>();
    for (const r of await db.execute<{ article_id: number; stays: number }>(sql`
      with own as (
        select r.article_id, r.from_at, lag(r.to_at) over (partition by r.article_id order by r.from_at) as previous_to
        from rank_spans r where r.outlet_id = ${job.outletId})
      select article_id, count(*)::int as stays from own
      where previous_to is null or exists (
        select 1 from frontpage_captures fc where fc.outlet_id = ${job.outletId} and fc.outcome = 'ok' and fc.at > own.previous_to and fc.at < own.from_at)
      group by article_id`))
      got.set(ids.get(Number(r.article_id))!.url, Number(r.stays));
    let staysExact = 0;
    for (const [u, n] of want) if (got.get(u) === n) staysExact++;
    let firstSeenExact = 0;
    for (const { url, firstSeen } of ids.values()) if (seenFirst.get(url) === firstSeen) firstSeenExact++;
    results.push({
      outlet,
      captures: replayed.length + notModified,
      notModified,
      expected,
      ranksExact,
      articles: want.size,
      staysExact,
      firstSeenShare: ids.size === 0 ? 0 : firstSeenExact / ids.size,
    });
  }
  return results;
}
