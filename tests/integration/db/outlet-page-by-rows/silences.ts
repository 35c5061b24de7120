/**
 * Reference for tests: the section as it was read from rows before the per-day aggregates
 * (SPEC OPS-8), kept to prove the aggregates give the same figures.
 *
 * An outlet's silences (SPEC DER-11): the stories most followed outlets carried in a period
 * that the outlet never ran, or never placed high on its front page. This file gathers the
 * facts — which outlets we followed, who carried which story, the outlet's best ranks — and
 * the pure rule (lib/analysis/silences.ts) decides. Outlets under `total` count nowhere (PUB-6),
 * nor do those under «sin anotación de modelo»: no model groups their articles into stories, so
 * a story without them says nothing about what they ran (PUB-1).
 */
import { sql } from "drizzle-orm";
import {
  carriersNeeded,
  DEFAULT_SILENCE_RULE,
  FOLLOWED_HOURS_SHARE,
  SILENCE_DAYS,
  silencesOf,
  type SilenceRule,
} from "../../../../lib/analysis/silences";
import type { Policies } from "../../../../lib/policy";
import type { Executor } from "../../../../db/client";
import { rankHistories, type RankInterval } from "../../../../db/figures/api/front-pages";
import { DAY_MS, notExcluded, time } from "../../../../db/figures/page-sql";
import { loadStoryLabels } from "../../../../db/figures/stories/story-labels";
// The section's shape is the product's: only how it is read differs.
import type { OutletSilences } from "../../../../db/figures/outlet-page/silences";

/** A silence with what the page shows of its story. */
/** Most silences listed. */
const LISTED_MAX = 50;

/**
 * Outlets followed in [from, to]: active, shown, with a successful front-page capture in at
 * least half of the hours since collection began in the period (a front page closed or
 * blocked for most of it leaves the outlet out).
 */
async function followedOutlets(db: Executor, policies: Policies, from: string, to: string): Promise<Set<number>> {
  const rows = await db.execute<{ outlet_id: number }>(sql`
    with c as (
      select fc.outlet_id, date_trunc('hour', fc.at) as hour from frontpage_captures fc join outlets o on o.id = fc.outlet_id and o.active
      where fc.outcome = 'ok' and fc.at >= ${from}::timestamptz and fc.at <= ${to}::timestamptz ${notExcluded(sql`fc.outlet_id`, policies.excludedOutletIds)}
    ), span as (
      select greatest(1, ceil(extract(epoch from ${to}::timestamptz - min(hour)) / 3600)) as hours from c
    )
    select outlet_id from c group by outlet_id
    having count(distinct hour) >= ${FOLLOWED_HOURS_SHARE}::float8 * (select hours from span)`);
  return new Set(rows.map((r) => r.outlet_id).filter((id) => policies.forOutlet(id).modelAnnotations));
}

/** The silences of outlet `outletId` over the `days` days before `now`. */
export async function loadOutletSilences(
  db: Executor,
  policies: Policies,
  p: { outletId: number; now: number; days?: number; rule?: SilenceRule },
): Promise<OutletSilences> {
  const rule = p.rule ?? DEFAULT_SILENCE_RULE;
  const start = p.now - (p.days ?? SILENCE_DAYS) * DAY_MS;
  const from = new Date(start).toISOString();
  const to = new Date(p.now).toISOString();
  const positions = policies.forOutlet(p.outletId).positions;
  const followed = await followedOutlets(db, policies, from, to);
  const grouped = policies.forOutlet(p.outletId).modelAnnotations;
  const needed = carriersNeeded(followed.size, rule) ?? null;
  const base = { start, end: p.now, rule, followed: followed.size, judged: followed.has(p.outletId), grouped, positions, needed };
  if (!base.judged || needed === null) return { ...base, qualifying: 0, silences: [] };
  // Stories of the period (index stories_last_seen) carried by enough followed outlets to qualify.
  const list = `{${[...followed].join(",")}}`;
  const carried = await db.execute<{
    story_id: string | number;
    outlets: number[];
    mine: (string | number)[] | null;
    key_terms: string[];
    first_seen_at: string | Date;
  }>(sql`
    select s.id as story_id, array_agg(distinct a.outlet_id) as outlets, s.key_terms, s.first_seen_at,
      array_agg(a.id) filter (where a.outlet_id = ${p.outletId}) as mine
    from stories s join articles a on a.story_id = s.id
    where s.last_seen_at >= ${from}::timestamptz and s.merged_into is null and a.first_seen_at <= ${to}::timestamptz
      and a.outlet_id = any(${list}::int[])
    group by s.id having count(distinct a.outlet_id) >= ${needed}::int`);
  const mine = carried.flatMap((r) => (r.mine ?? []).map(Number));
  const ranks = positions ? await rankHistories(db, mine) : new Map<number, RankInterval[]>();
  const bestRank = (ids: number[]) => {
    const seen = ids.flatMap((id) => (ranks.get(id) ?? []).filter((s) => s.to >= start && s.from <= p.now).map((s) => s.rank));
    return seen.length ? Math.min(...seen) : null;
  };
  const stories = carried.map((r) => {
    const carriers = new Map<number, number | null>(r.outlets.map((o) => [o, null]));
    if (r.mine) carriers.set(p.outletId, bestRank(r.mine.map(Number)));
    return { storyId: Number(r.story_id), carriers };
  });
  const silences = silencesOf(p.outletId, stories, { followed, positions, rule }).slice(0, LISTED_MAX);
  const labels = await loadStoryLabels(
    db,
    policies,
    silences.map((s) => s.storyId),
  );
  const facts = new Map(carried.map((r) => [Number(r.story_id), r]));
  return {
    ...base,
    qualifying: carried.length,
    silences: silences.map((s) => ({
      ...s,
      keyTerms: facts.get(s.storyId)!.key_terms,
      label: labels.get(s.storyId),
      firstSeenAt: time(facts.get(s.storyId)!.first_seen_at)!,
    })),
  };
}
