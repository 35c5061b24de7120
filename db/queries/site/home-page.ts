/**
 * Read model of the home dashboard (SPEC WEB-1): what leads each front page now, the stories
 * most outlets covered in the last 24 hours, and the latest headline changes. Every figure
 * comes with its period; the policy module decides what each outlet's rows may show (PUB-6).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { headlineForDisplay, type Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { fromSqlTime, sqlTime } from "../../sql-time";
import { spansOverlapping } from "../../span-overlap";
import { loadStoryLabels, type StoryLabel } from "../../figures/stories/story-labels";
import { intArray } from "../../open-data/sql/api-sql";
import { DAY_MS, notExcluded } from "../../figures/page-sql";

/** What leads one outlet's front page at its latest capture. */
export interface FrontPageLead {
  outletSlug: string;
  outletName: string;
  /** Absent when the outlet asked not to be positioned, or before its first capture. */
  lead?: {
    articleId: number;
    headline: string;
    since: number;
    /** It already led at our first capture of the outlet: it has led at least since then, maybe longer. */
    sinceFirstCapture: boolean;
  };
  /** Latest successful capture (epoch ms). */
  capturedAt?: number;
  /** "sin posición" requested by the outlet (PUB-1). */
  positionsWithheld: boolean;
}

/** A story and how many outlets covered it in the window. */
export interface CoveredStory {
  id: number;
  keyTerms: string[];
  label?: StoryLabel;
  outlets: number;
  firstSeenAt: number;
}

/** One headline change: the article's new headline replacing the previous one. */
export interface HeadlineChange {
  articleId: number;
  outletSlug: string;
  outletName: string;
  before: string;
  after: string;
  at: number;
}

export interface HomePage {
  now: number;
  leads: FrontPageLead[];
  stories: CoveredStory[];
  changes: HeadlineChange[];
  /** Outlets followed (visible ones), for "de N cabeceras". */
  outletCount: number;
}

/** An outlet-group filter (docs/outlet-groups.md) as a condition on `column`; nothing when absent. */
const inGroup = (column: ReturnType<typeof sql>, ids: readonly number[] | undefined) =>
  ids === undefined ? sql`` : sql`and ${column} = any(${intArray(ids)}::int[])`;

/** The rank-1 article of each visible outlet at its latest successful capture. */
export async function leadsNow(db: Executor, policies: Policies, outletIds?: readonly number[]): Promise<FrontPageLead[]> {
  const rows = await db.execute<{
    slug: string;
    name: string;
    outlet_id: number;
    captured_at: string | null;
    article_id: number | null;
    since: string | null;
    headline: string | null;
    first_at: string | null;
  }>(sql`
    select o.slug, o.name, o.id as outlet_id, c.at as captured_at, s.article_id,
      coalesce(n.at, s.from_at) as since, h.text as headline, f.at as first_at
    from outlets o
    left join lateral (
      select at from frontpage_captures fc where fc.outlet_id = o.id and fc.outcome = 'ok' order by at limit 1
    ) f on true
    left join lateral (
      select at from frontpage_captures fc where fc.outlet_id = o.id and fc.outcome = 'ok' order by at desc limit 1
    ) c on true
    -- The lead is the open span (confirmed by the latest capture) with the lowest order key.
    left join lateral (
      select article_id, position, from_at from rank_spans rs
      where rs.outlet_id = o.id and rs.to_at is null order by position limit 1
    ) s on true
    -- It has led since the capture after the last one a span above it covered (those
    -- spans are all closed, since it is the first open one), by index (db/span-overlap.ts).
    left join lateral (
      select max(rs.to_at) as at from ${spansOverlapping(sql`o.id`, sql`s.from_at`, null, ["position", "to_at"])} rs
      where rs.to_at is not null and rs.position < s.position
    ) above on true
    left join lateral (
      select at from frontpage_captures fc
      where fc.outlet_id = o.id and fc.outcome = 'ok' and fc.at > above.at order by at limit 1
    ) n on true
    left join lateral (
      select text from headline_versions hv where hv.article_id = s.article_id order by last_seen_at desc, id desc limit 1
    ) h on true
    where o.active ${inGroup(sql`o.id`, outletIds)}
    order by o.name`);
  return rows
    .filter((r) => !policies.forOutlet(r.outlet_id).excluded)
    .map((r) => {
      const policy = policies.forOutlet(r.outlet_id);
      const base = { outletSlug: r.slug, outletName: r.name, positionsWithheld: !policy.positions };
      if (!policy.positions || r.captured_at === null) return base;
      const capturedAt = fromSqlTime(r.captured_at);
      if (r.article_id === null || r.headline === null || r.since === null) return { ...base, capturedAt };
      return {
        ...base,
        capturedAt,
        lead: {
          articleId: Number(r.article_id),
          headline: headlineForDisplay(policy, r.headline),
          since: fromSqlTime(r.since)!,
          sinceFirstCapture: r.first_at !== null && fromSqlTime(r.since)! <= fromSqlTime(r.first_at)!,
        },
      };
    });
}

/** Stories seen in the window, by how many visible outlets covered them. */
async function mostCovered(
  db: Executor,
  policies: Policies,
  now: number,
  limit: number,
  outletIds: readonly number[] | undefined,
): Promise<CoveredStory[]> {
  const excluded = policies.excludedOutletIds;
  // The clustering may split one news item into several stories; they get the same key
  // terms (DER-5), so a reader would see the same line two or three times. Stories with the
  // same terms, in any order, are shown once: the one told by most outlets, with its own
  // count (the figure its page shows).
  const rows = await db.execute<{ id: number; key_terms: string[]; outlets: number; first_seen_at: string }>(sql`
    with told as (
      select s.id, s.key_terms, count(distinct a.outlet_id)::int as outlets, s.first_seen_at,
        coalesce((select string_agg(t, ' ' order by t) from unnest(s.key_terms) t), '') as terms
      from stories s
      -- Each recent story's articles by index (articles_story); "offset 0" keeps the planner from merging the
      -- whole index with the day's stories when a group narrows the outlets (95 k entries for 28 stories).
      cross join lateral (
        select a.outlet_id from articles a
        where a.story_id = s.id ${inGroup(sql`a.outlet_id`, outletIds)} ${notExcluded(sql`a.outlet_id`, excluded)}
        offset 0) a
      join outlets o on o.id = a.outlet_id and o.active
      where s.last_seen_at > ${sqlTime(now - DAY_MS)}
      group by s.id
      having count(distinct a.outlet_id) >= 2
    ), once as (
      select distinct on (case when terms = '' then 'story ' || id else terms end) id, key_terms, outlets, first_seen_at
      from told
      order by case when terms = '' then 'story ' || id else terms end, outlets desc, first_seen_at, id
    )
    select id, key_terms, outlets, first_seen_at from once
    order by outlets desc, first_seen_at desc
    limit ${limit}`);
  const labels = await loadStoryLabels(
    db,
    policies,
    rows.map((r) => Number(r.id)),
  );
  // DER-5: a story is named by its representative headline; two that read the same are shown once (the first, most told).
  const named = new Set<string>();
  return rows.flatMap((r) => {
    const label = labels.get(Number(r.id));
    if (label && named.has(label.headline)) return [];
    if (label) named.add(label.headline);
    return [{ id: Number(r.id), keyTerms: r.key_terms, label, outlets: r.outlets, firstSeenAt: fromSqlTime(r.first_seen_at)! }];
  });
}

/** The newest headline versions that replaced an earlier one, with the one they replaced. */
async function latestChanges(
  db: Executor,
  policies: Policies,
  now: number,
  limit: number,
  outletIds: readonly number[] | undefined,
): Promise<HeadlineChange[]> {
  const excluded = policies.excludedOutletIds;
  const rows = await db.execute<{
    article_id: number;
    slug: string;
    name: string;
    outlet_id: number;
    before: string;
    after: string;
    at: string;
  }>(sql`
    select hv.article_id, o.slug, o.name, o.id as outlet_id, prev.text as before, hv.text as after, hv.first_seen_at as at
    from headline_versions hv
    join articles a on a.id = hv.article_id
    join outlets o on o.id = a.outlet_id and o.active
    join lateral (
      select text from headline_versions p
      where p.article_id = hv.article_id and p.first_seen_at < hv.first_seen_at
      order by p.first_seen_at desc limit 1
    ) prev on true
    -- Narrowed to a group, the walk down the first-seen index stops at a week: a group that
    -- changed no headline in it would otherwise read every version ever kept.
    where true ${inGroup(sql`hv.outlet_id`, outletIds)} ${outletIds === undefined ? sql`` : sql`and hv.first_seen_at > ${sqlTime(now - 7 * DAY_MS)}`} ${notExcluded(sql`a.outlet_id`, excluded)}
    order by hv.first_seen_at desc
    limit ${limit}`);
  return rows.map((r) => {
    const policy = policies.forOutlet(r.outlet_id);
    return {
      articleId: Number(r.article_id),
      outletSlug: r.slug,
      outletName: r.name,
      before: headlineForDisplay(policy, r.before),
      after: headlineForDisplay(policy, r.after),
      at: fromSqlTime(r.at)!,
    };
  });
}

/** Everything the home page shows, as of `now`. */
export async function readHomePage(db: Executor, policies: Policies, now: number, outletIds?: readonly number[]): Promise<HomePage> {
  const [leads, stories, changes] = await Promise.all([
    leadsNow(db, policies, outletIds),
    mostCovered(db, policies, now, 10, outletIds),
    latestChanges(db, policies, now, 12, outletIds),
  ]);
  return { now, leads, stories, changes, outletCount: leads.length };
}
