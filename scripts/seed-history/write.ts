/** Writes generated rows into their tables (bulk COPY), each table by one function. */
import type postgres from "postgres";
import type { GenOutlet, GenStory, OutletYear } from "./generate/types";
import { copyRows } from "./copy";
import { writeRankSpans } from "./rank-spans";

/** Rows written per table. */
export type Counts = Record<string, number>;

const add = (counts: Counts, table: string, n: number) => {
  counts[table] = (counts[table] ?? 0) + n;
};

/** Insert the outlets and their sources; returns outlet ids in the same order. */
export async function writeOutlets(sql: postgres.Sql, outlets: readonly GenOutlet[], counts: Counts): Promise<number[]> {
  const ids: number[] = [];
  for (const o of outlets) {
    const [row] = await sql<{ id: number }[]>`
      insert into outlets (slug, name, homepage, render_mode, legal_notice)
      values (${o.slug}, ${o.name}, ${o.homepage}, ${o.renderMode}, ${`${o.homepage}aviso-legal`}) returning id`;
    ids.push(row!.id);
    // Sources inactive: the simulated .test sites do not exist, so no crawler should poll them.
    const sources = [
      { kind: "frontpage", url: o.homepage, interval: 15 },
      ...o.feeds.map((url) => ({ kind: "feed", url, interval: 10 })),
      { kind: "sitemap", url: o.sitemap, interval: 15 },
    ];
    for (const s of sources) {
      await sql`insert into sources (outlet_id, kind, url, site_domain, interval_minutes, active)
        values (${row!.id}, ${s.kind}, ${s.url}, ${o.domain}, ${s.interval}, false)`;
    }
    add(counts, "outlets", 1);
    add(counts, "sources", sources.length);
  }
  return ids;
}

/** Insert the stories with their ids. */
export async function writeStories(sql: postgres.Sql, stories: readonly GenStory[], counts: Counts): Promise<void> {
  add(
    counts,
    "stories",
    await copyRows(sql, "stories", ["id", "first_seen_at", "last_seen_at", "key_terms", "outlet_count"], stories, (s) => [
      s.id,
      { t: s.firstSeenAt },
      { t: s.lastSeenAt },
      s.keyTerms,
      s.outletCount,
    ]),
  );
}

const t = (ms: number | null) => (ms === null ? null : { t: ms });

/** Insert one outlet's year: articles first (the rest refer to them), then the others. */
export async function writeOutletYear(sql: postgres.Sql, year: OutletYear, counts: Counts): Promise<void> {
  add(
    counts,
    "articles",
    await copyRows(
      sql,
      "articles",
      [
        "id",
        "outlet_id",
        "url",
        "published_at",
        "modified_at",
        "first_seen_at",
        "first_seen_in",
        "first_seen_feed_at",
        "first_seen_sitemap_at",
        "first_seen_frontpage_at",
        "section",
        "authors",
        "is_free",
        "agency",
        "story_id",
        "site_domain",
        "read_at",
        "read_outcome",
      ],
      year.articles,
      (a) => [
        a.id,
        a.outletId,
        a.url,
        t(a.publishedAt),
        t(a.modifiedAt),
        { t: a.firstSeenAt },
        a.firstSeenIn,
        t(a.firstSeenFeedAt),
        t(a.firstSeenSitemapAt),
        t(a.firstSeenFrontpageAt),
        a.section,
        a.authors,
        a.isFree,
        a.agency,
        a.storyId,
        a.siteDomain,
        { t: a.firstSeenAt + 120_000 },
        "ok",
      ],
    ),
  );
  // One COPY at a time: each holds a connection until it ends, and the pool may be small.
  const versions = await copyRows(
    sql,
    "headline_versions",
    ["id", "article_id", "text", "text_hash", "first_seen_at", "last_seen_at", "seen_in"],
    year.versions,
    (v) => [v.id, v.articleId, v.text, v.textHash, { t: v.firstSeenAt }, { t: v.lastSeenAt }, `{${v.seenIn.join(",")}}`],
  );
  const spans = await writeRankSpans(sql, year.placements);
  const captures = await copyRows(
    sql,
    "frontpage_captures",
    ["outlet_id", "at", "outcome", "link_count", "render_mode", "changed"],
    year.captures,
    (c) => [c.outletId, { t: c.at }, c.outcome, c.linkCount, c.renderMode, c.changed],
  );
  const fetches = await copyRows(
    sql,
    "fetch_log",
    ["at", "site_domain", "url", "kind", "status", "bytes", "duration_ms", "outcome", "worker_id"],
    year.fetches,
    (f) => [{ t: f.at }, f.siteDomain, f.url, f.kind, f.status, f.bytes, f.durationMs, f.outcome, "seed-history"],
  );
  add(counts, "headline_versions", versions);
  add(counts, "rank_spans", spans);
  add(counts, "frontpage_captures", captures);
  add(counts, "fetch_log", fetches);
}
