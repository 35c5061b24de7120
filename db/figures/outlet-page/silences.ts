/**
 * An outlet's silences (SPEC DER-11): the stories most followed outlets carried in a period
 * that the outlet never ran, or never placed high on its front page. This file gathers the
 * facts — which outlets we followed, who carried which story, the outlet's best ranks — and
 * the pure rule (lib/analysis/silences.ts) decides. Outlets under `total` count nowhere (PUB-6),
 * nor do those under «sin anotación de modelo»: no model groups their articles into stories, so
 * a story without them says nothing about what they ran (PUB-1).
 */
import { sql } from "drizzle-orm";
import {
  comparableOutlets,
  carriersNeeded,
  DEFAULT_SILENCE_RULE,
  SILENCE_DAYS,
  silencesOf,
  type Silence,
  type SilenceRule,
} from "../../../lib/analysis/silences";
import type { Policies } from "../../../lib/policy";
import { scopeOf } from "../../../lib/outlet-groups";
import type { Executor } from "../../client";
import { DAY_MS, time, type Window } from "../page-sql";
import { followedOutlets } from "./followed-outlets";
import { perArticleOverPeriod, splitPeriod, storedThrough } from "./front-days";
import { loadStoryLabels, type StoryLabel } from "../stories/story-labels";

/** A silence with what the page shows of its story. */
export interface ShownSilence extends Silence {
  keyTerms: string[];
  label?: StoryLabel;
  firstSeenAt: number;
}

/** The outlet's silences in a period, and the facts the rule was applied to. */
export interface OutletSilences {
  start: number;
  end: number;
  rule: SilenceRule;
  /** Outlets followed in the period (front page captured for at least half of its hours). */
  followed: number;
  /** False when the outlet itself was not followed, or not grouped: its silences cannot be judged. */
  judged: boolean;
  /** False under «sin anotación de modelo»: its articles are in no story. */
  grouped: boolean;
  /** False under "sin posición": only stories it never ran are listed. */
  positions: boolean;
  /** Carriers a story needed to count as widely carried (lib/analysis/silences.ts); null: too few outlets followed to judge. */
  needed: number | null;
  /** Stories of the period that reached `needed`: with none, there was nothing to miss (not an all-clear). */
  qualifying: number;
  silences: ShownSilence[];
}

/** Most silences listed. */
const LISTED_MAX = 50;

/**
 * The outlet's best rank per article over [start, end]: whole peninsular days from the front-page days
 * the worker keeps, the partial days at the ends (and days not ranked yet) from the rank intervals
 * (front-days.ts), instead of each article's whole rank history.
 */
async function bestRanks(db: Executor, outletId: number, ids: readonly number[], window: Window): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const split = splitPeriod(window, await storedThrough(db, outletId));
  const rows = await db.execute<{ article_id: string | number; best_rank: number }>(sql`
    select article_id, best_rank from (${perArticleOverPeriod(outletId, split, ids)}) p`);
  return new Map(rows.map((r) => [Number(r.article_id), Number(r.best_rank)]));
}

/** Each outlet's scope group (docs/outlet-groups.md: nacional, regional…), for outlets that declare one. */
async function outletScopes(db: Executor): Promise<Map<number, string>> {
  const rows = await db.execute<{ id: number; groups: string[] | null }>(sql`select id, groups from outlets where active`);
  return new Map(rows.flatMap((r) => (scopeOf(r.groups ?? []) ? [[r.id, scopeOf(r.groups ?? [])!] as const] : [])));
}

/** The silences of outlet `outletId` over the `days` days before `now`, judged among the followed outlets of its own scope. */
export async function loadOutletSilences(
  db: Executor,
  policies: Policies,
  p: { outletId: number; now: number; days?: number; rule?: SilenceRule; labelled?: number },
): Promise<OutletSilences> {
  const rule = p.rule ?? DEFAULT_SILENCE_RULE;
  const start = p.now - (p.days ?? SILENCE_DAYS) * DAY_MS;
  const from = new Date(start).toISOString();
  const to = new Date(p.now).toISOString();
  const positions = policies.forOutlet(p.outletId).positions;
  const [allFollowed, scopes] = await Promise.all([followedOutlets(db, policies, start, p.now), outletScopes(db)]);
  // A regional paper is compared with regional papers, an agency with agencies: "most outlets" of its scope.
  const followed = allFollowed.has(p.outletId) ? new Set(comparableOutlets(p.outletId, allFollowed, scopes)) : allFollowed;
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
    from stories s cross join lateral (
      -- Each story's articles by index (articles_story): "offset 0" keeps the planner from merging
      -- the whole index with the period's stories (95 k entries for ~900 stories on the generated year).
      select a.id, a.outlet_id from articles a
      where a.story_id = s.id and a.first_seen_at <= ${to}::timestamptz and a.outlet_id = any(${list}::int[]) offset 0) a
    where s.last_seen_at >= ${from}::timestamptz and s.merged_into is null
    group by s.id having count(distinct a.outlet_id) >= ${needed}::int`);
  const mine = carried.flatMap((r) => (r.mine ?? []).map(Number));
  const ranks = positions ? await bestRanks(db, p.outletId, mine, { start, end: p.now }) : new Map<number, number>();
  const bestRank = (ids: number[]) => {
    const seen = ids.flatMap((id) => (ranks.has(id) ? [ranks.get(id)!] : []));
    return seen.length ? Math.min(...seen) : null;
  };
  const stories = carried.map((r) => {
    const carriers = new Map<number, number | null>(r.outlets.map((o) => [o, null]));
    if (r.mine) carriers.set(p.outletId, bestRank(r.mine.map(Number)));
    return { storyId: Number(r.story_id), carriers };
  });
  const silences = silencesOf(p.outletId, stories, { followed, positions, rule }).slice(0, LISTED_MAX);
  // A story's label (its first outlet's headline) only for the silences shown: a page lists the
  // first few, and the rest read their key terms, already at hand.
  const labels = await loadStoryLabels(
    db,
    policies,
    silences.slice(0, p.labelled ?? LISTED_MAX).map((s) => s.storyId),
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
