/**
 * The read model of an article's page (SPEC WEB-1): its headline history with a word
 * diff of each change, its ranks on the outlet's front page over time, its times and
 * its byline, with the publishers' and authors' requests applied (PUB-5, PUB-6).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { classifyHeadlineChanges } from "../../../lib/analysis/ab-tests";
import { citeBylines, headlineForDisplay, type OutletPolicy, type Policies } from "../../../lib/policy";
import { wordDiff, type DiffPart } from "../../../lib/word-diff";
import type { Executor } from "../../client";
import { rankHistory } from "../../figures/api/front-pages";
import { notExcluded, num, time } from "../../figures/page-sql";

/** One headline version; `diff` against the previous one, absent for the first or when withheld. */
export interface HeadlineVersionEntry {
  headline: string;
  firstSeenAt: number;
  lastSeenAt: number;
  seenIn: string[];
  diff: DiffPart[] | null;
  /** DER-4 framing letter and score, when the model has annotated it and the policy allows. */
  framing: { letter: string; score: number } | null;
  /** DER-12: the headline's language (ISO 639) when it is not Spanish: Spanish-only features and the framing model do not apply. */
  otherLanguage: string | null;
  /** DER-6: this version alternated with another (an A/B test), rather than replacing it for good. */
  abTest: boolean;
}

/** Everything the article page shows. */
export interface ArticlePage {
  id: number;
  outlet: { slug: string; name: string; timezone: string; policy: OutletPolicy };
  url: string;
  /** The latest headline, as it may be cited: the page title. */
  headline: string;
  headlinesWithheld: boolean;
  publishedAt: number | null;
  modifiedAt: number | null;
  firstSeenAt: number;
  firstSeenIn: string;
  firstSeen: { feed: number | null; sitemap: number | null; frontpage: number | null };
  section: string | null;
  /** Bylines as they may be cited; empty when the page named no author. */
  bylines: string[];
  agency: string | null;
  story: { id: number; outletCount: number } | null;
  versions: HeadlineVersionEntry[];
  /** Front-page spans, oldest first; null under "sin posición". */
  ranks: null | {
    spans: { fromAt: number; toAt: number; rank: number }[];
    bestRank: number | null;
    onFrontPageMs: number;
    asLeadMs: number;
    prominence: number;
  };
}

/** Article `id`, or undefined when it is unknown or its outlet is inactive or under `total`. */
export async function loadArticlePage(db: Executor, policies: Policies, { id }: { id: number }): Promise<ArticlePage | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [a] = await db.execute<{
    id: string | number;
    url: string;
    outlet_id: number;
    slug: string;
    name: string;
    timezone: string;
    published_at: string | Date | null;
    modified_at: string | Date | null;
    first_seen_at: string | Date;
    first_seen_in: string;
    first_seen_feed_at: string | Date | null;
    first_seen_sitemap_at: string | Date | null;
    first_seen_frontpage_at: string | Date | null;
    section: string | null;
    authors: string[];
    agency: string | null;
    story_id: string | number | null;
    weighted_minutes: number;
  }>(sql`
    select a.id, a.url, a.outlet_id, o.slug, o.name, o.timezone, a.published_at, a.modified_at, a.first_seen_at, a.first_seen_in,
      a.first_seen_feed_at, a.first_seen_sitemap_at, a.first_seen_frontpage_at, a.section, a.authors, a.agency, a.story_id, a.weighted_minutes
    from articles a join outlets o on o.id = a.outlet_id where a.id = ${id} and o.active`);
  if (!a) return undefined;
  const policy = policies.forOutlet(a.outlet_id);
  if (policy.excluded) return undefined;

  const [versions, spans, story] = await Promise.all([
    db.execute<{
      text: string;
      text_hash: string;
      first_seen_at: string | Date;
      last_seen_at: string | Date;
      seen_in: string[] | string;
      letter: string | null;
      score: number | null;
      language: string | null;
    }>(sql`
      select hv.text, hv.text_hash, hv.first_seen_at, hv.last_seen_at, hv.seen_in::text[] as seen_in, f.letter, f.score, hf.language
      from headline_versions hv left join framing f on f.text_hash = hv.text_hash
      left join headline_features hf on hf.text_hash = hv.text_hash
      where hv.article_id = ${id} order by hv.first_seen_at, hv.id`),
    policy.positions ? rankHistory(db, id) : Promise.resolve(null),
    a.story_id === null
      ? Promise.resolve([])
      : db.execute<{ n: number }>(sql`
      select count(distinct a2.outlet_id)::int as n from articles a2 join outlets o2 on o2.id = a2.outlet_id and o2.active
      where a2.story_id = ${a.story_id} ${notExcluded(sql`a2.outlet_id`, policies.excludedOutletIds)}`),
  ]);

  const seenIn = (v: (typeof versions)[number]) =>
    Array.isArray(v.seen_in) ? v.seen_in : String(v.seen_in).replace(/[{}]/g, "").split(",").filter(Boolean);
  const { inTest } = classifyHeadlineChanges(
    versions.map((v) => ({
      textHash: v.text_hash,
      firstSeenAt: time(v.first_seen_at)!,
      lastSeenAt: time(v.last_seen_at)!,
      seenIn: seenIn(v),
    })),
  );
  const entries: HeadlineVersionEntry[] = versions.map((v, i) => {
    const previous = versions[i - 1];
    return {
      headline: headlineForDisplay(policy, v.text),
      firstSeenAt: time(v.first_seen_at)!,
      lastSeenAt: time(v.last_seen_at)!,
      seenIn: seenIn(v),
      diff: previous && policy.headlinesVerbatim ? wordDiff(previous.text, v.text) : null,
      framing: policy.modelAnnotations && v.letter !== null ? { letter: v.letter, score: num(v.score)! } : null,
      otherLanguage: policy.modelAnnotations && v.language !== null && v.language !== "es" ? v.language : null,
      abTest: inTest.has(v.text_hash),
    };
  });
  const latest = [...versions].sort((x, y) => time(y.last_seen_at)! - time(x.last_seen_at)!)[0];
  const rankSpans = spans?.map((s) => ({ fromAt: s.from, toAt: s.to, rank: s.rank })) ?? null;
  return {
    id: Number(a.id),
    outlet: { slug: a.slug, name: a.name, timezone: a.timezone, policy },
    url: a.url,
    headline: latest ? headlineForDisplay(policy, latest.text) : "(sin titular registrado)",
    headlinesWithheld: !policy.headlinesVerbatim,
    publishedAt: time(a.published_at),
    modifiedAt: time(a.modified_at),
    firstSeenAt: time(a.first_seen_at)!,
    firstSeenIn: a.first_seen_in,
    firstSeen: { feed: time(a.first_seen_feed_at), sitemap: time(a.first_seen_sitemap_at), frontpage: time(a.first_seen_frontpage_at) },
    section: a.section,
    bylines: citeBylines(a.authors, policies.hiddenAuthors),
    agency: a.agency,
    story: a.story_id === null || !story[0] ? null : { id: Number(a.story_id), outletCount: story[0].n },
    versions: entries,
    ranks:
      rankSpans === null
        ? null
        : {
            spans: rankSpans,
            bestRank: rankSpans.length ? Math.min(...rankSpans.map((s) => s.rank)) : null,
            onFrontPageMs: rankSpans.reduce((n, s) => n + (s.toAt - s.fromAt), 0),
            asLeadMs: rankSpans.filter((s) => s.rank === 1).reduce((n, s) => n + (s.toAt - s.fromAt), 0),
            prominence: Number(a.weighted_minutes),
          },
  };
}
