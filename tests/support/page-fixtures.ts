/**
 * Rows for the page read-model tests: outlets with sources, articles with headline
 * versions and rank spans, captures, probes, signals, replies, stories and the
 * publishers' and authors' requests — inserted directly, as the crawler would record them.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rankProminence } from "../../crawler/derive/rank-prominence";
import { recordCapture } from "../../crawler/record/frontpage";
import type { Db } from "../../db/client";
import {
  articles,
  bylineRequests,
  exclusions,
  framing,
  frontpageCaptures,
  headlineVersions,
  outlets,
  probes,
  replies,
  signals,
  sources,
  stories,
} from "../../db/schema";
import type { Scope } from "../../lib/policy";

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
const at = (ms: number) => new Date(ms);

/** An outlet with a front page, a feed and a sitemap on `<slug>.test`. */
export async function addOutlet(db: Db, slug: string, name = slug.toUpperCase()): Promise<number> {
  // Sources live on `<slug>.test`: one site per outlet.
  const homepage = `https://www.${slug}.test/`;
  const [o] = await db.insert(outlets).values({ slug, name, homepage }).returning({ id: outlets.id });
  await db.insert(sources).values([
    { outletId: o!.id, kind: "frontpage", url: homepage, siteDomain: `${slug}.test`, intervalMinutes: 15 },
    { outletId: o!.id, kind: "feed", url: `https://www.${slug}.test/rss.xml`, siteDomain: `${slug}.test`, intervalMinutes: 10 },
    { outletId: o!.id, kind: "sitemap", url: `https://www.${slug}.test/news.xml`, siteDomain: `${slug}.test`, intervalMinutes: 15 },
  ]);
  return o!.id;
}

/** An article with its headline versions (text, first seen, last seen), oldest first. */
export async function addArticle(
  db: Db,
  p: {
    id?: number;
    outletId: number;
    path: string;
    firstSeenAt: number;
    publishedAt?: number;
    section?: string;
    authors?: string[];
    agency?: string;
    storyId?: number;
    readOutcome?: string;
    firstSeenIn?: "feed" | "sitemap" | "frontpage";
    headlines: [string, number, number][];
  },
): Promise<number> {
  const [outlet] = await db
    .select({ slug: outlets.slug })
    .from(outlets)
    .where(sql`${outlets.id} = ${p.outletId}`);
  const via = p.firstSeenIn ?? "feed";
  const [a] = await db
    .insert(articles)
    .values({
      ...(p.id === undefined ? {} : { id: p.id }),
      outletId: p.outletId,
      url: `https://www.${outlet!.slug}.test${p.path}`,
      siteDomain: `${outlet!.slug}.test`,
      publishedAt: p.publishedAt === undefined ? null : at(p.publishedAt),
      firstSeenAt: at(p.firstSeenAt),
      firstSeenIn: via,
      firstSeenFeedAt: via === "feed" ? at(p.firstSeenAt) : null,
      firstSeenSitemapAt: via === "sitemap" ? at(p.firstSeenAt) : null,
      firstSeenFrontpageAt: via === "frontpage" ? at(p.firstSeenAt) : null,
      section: p.section ?? null,
      authors: p.authors ?? [],
      agency: p.agency ?? null,
      storyId: p.storyId ?? null,
      readAt: p.readOutcome ? at(p.firstSeenAt + MINUTE) : null,
      readOutcome: p.readOutcome ?? null,
    })
    .returning({ id: articles.id });
  for (const [text, first, last] of p.headlines) {
    await db
      .insert(headlineVersions)
      .values({ articleId: a!.id, text, textHash: hash(text), firstSeenAt: at(first), lastSeenAt: at(last), seenIn: [via] });
  }
  return a!.id;
}

/** SHA-256 of a headline, as the crawler keys it. */
export function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Successful front-page captures, oldest first: [time, article ids by rank]. They are
 * recorded by the crawler's own writer (recordCapture), so the rank spans hold order keys
 * as in production; spans survive any gap between these sparse captures.
 */
export async function addFrontPages(db: Db, outletId: number, pages: [number, number[]][]): Promise<void> {
  for (const [t, ids] of pages) {
    await recordCapture(
      db,
      { outletId, at: t, renderMode: "static", ranks: ids.map((articleId, i) => ({ articleId, rank: i + 1 })) },
      Infinity,
    );
  }
  // As the worker's housekeeping would: prominence (DER-9) is stored per span.
  await rankProminence(db);
}

/** Articles that fill the ranks above the ones under test, first seen at `at`. */
export async function addFillers(db: Db, outletId: number, n: number, at: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++)
    ids.push(await addArticle(db, { outletId, path: `/relleno-${i}`, firstSeenAt: at, headlines: [[`Relleno ${i}`, at, at]] }));
  return ids;
}

/** Front-page captures at the given times with their outcomes. */
export async function addCaptures(db: Db, outletId: number, list: [number, string][]): Promise<void> {
  await db.insert(frontpageCaptures).values(list.map(([t, outcome]) => ({ outletId, at: at(t), outcome, renderMode: "static" })));
}

/** Probes of the outlet's closed front page: [time, answered]. */
export async function addProbes(db: Db, outletId: number, slug: string, list: [number, boolean][]): Promise<void> {
  await db.insert(probes).values(
    list.map(([t, answered]) => ({
      siteDomain: `${slug}.test`,
      outletId,
      url: `https://www.${slug}.test/`,
      at: at(t),
      status: answered ? 200 : 403,
      answered,
    })),
  );
}

/** A scope in force for an outlet (applied now). */
export async function addExclusion(db: Db, outletId: number, scope: Scope, appliedAt: number): Promise<void> {
  await db
    .insert(exclusions)
    .values({ outletId, domain: "x.test", scope, channel: "form", receivedAt: at(appliedAt), appliedAt: at(appliedAt) });
}

/** An accepted byline request. */
export async function hideAuthor(db: Db, name: string, acceptedAt: number): Promise<void> {
  await db.insert(bylineRequests).values({ authorName: name, receivedAt: at(acceptedAt), acceptedAt: at(acceptedAt) });
}

/** A framing letter for a headline text. */
export async function addFraming(db: Db, text: string, letter: string, score: number, computedAt: number): Promise<void> {
  await db.insert(framing).values({ textHash: hash(text), letter, score, modelSha256: "ab".repeat(32), computedAt: at(computedAt) });
}

/** A story cluster. */
export async function addStory(db: Db, keyTerms: string[], first: number, last: number, id?: number): Promise<number> {
  const [s] = await db
    .insert(stories)
    .values({ ...(id === undefined ? {} : { id }), keyTerms, firstSeenAt: at(first), lastSeenAt: at(last) })
    .returning({ id: stories.id });
  return s!.id;
}

/** A signal recorded for the outlet. */
export async function addSignal(db: Db, outletId: number, kind: string, scope: string, value: string, t: number): Promise<void> {
  await db.insert(signals).values({ outletId, kind, scope, value, firstSeenAt: at(t), lastSeenAt: at(t) });
}

/** A reply, published or not. */
export async function addReply(db: Db, outletId: number, text: string, received: number, published: number | null): Promise<void> {
  await db.insert(replies).values({
    outletId,
    author: "Dirección",
    replyText: text,
    receivedAt: at(received),
    publishedAt: published === null ? null : at(published),
  });
}

/** The robots.txt in force for a host, as the crawler stores it. */
export async function addRobots(db: Db, origin: string, site: string, text: string, t: number): Promise<void> {
  await db.execute(sql`insert into sites (domain) values (${site}) on conflict do nothing`);
  await db.execute(
    sql`insert into hosts (host, site_domain, robots_access, robots_fetched_at) values (${origin}, ${site}, 'parse', ${at(t).toISOString()}) on conflict do nothing`,
  );
  const [v] = await db.execute<{ id: number }>(sql`
    insert into robots_versions (host, sha256, robots_txt, first_fetched_at, last_fetched_at)
    values (${origin}, ${hash(text)}, ${text}, ${at(t).toISOString()}, ${at(t).toISOString()}) returning id`);
  await db.execute(sql`update hosts set robots_version_id = ${v!.id} where host = ${origin}`);
}
