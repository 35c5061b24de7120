/**
 * A day's leads across outlets (SPEC WEB-5): for every shown outlet and every hour of a
 * peninsular day, the article that led its front page at half past the hour (rank 1 of the
 * last successful capture by then, if that capture is at most CAPTURE_GAP_MS old), with
 * its story and its headline. Per outlet and hour, the capture by index
 * (frontpage_captures_outlet_at), with the rank-1 article the worker's prominence step stored on
 * it (crawler/derive/rank-prominence.ts). Only for captures it has not ranked yet (the last minutes,
 * or captures ranked before it stored leads) are the day's spans read, by index, for those outlets
 * alone (db/span-overlap.ts): the lead at a capture is then the covering span with the lowest order
 * key, found in memory. Instants come back as epoch milliseconds
 * (float8), not timestamps: a day of 50 outlets is ~4,500 spans, and a Date per instant (wrapped by
 * Next.js in the renderer) cost more CPU than the statements (docs/benchmarks.md); and each statement
 * sends its rows as one JSON document of parallel arrays, parsed at once.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { CAPTURE_GAP_MS } from "../../../lib/pages/capture-state";
import { headlineForDisplay, type Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { sqlTime } from "../../sql-time";
import { epochMs, idList, num } from "../../figures/page-sql";
import { spansOverlapping } from "../../span-overlap";

/** Where in each hour the lead is read. */
export const LEAD_SAMPLE_OFFSET_MS = 30 * 60_000;

/** A leading article. */
export interface LeadArticle {
  articleId: number;
  storyId: number | null;
  headline: string;
}

/** One outlet's leads, one per hour (null: no capture recent enough, or positions withheld). */
export interface OutletLeads {
  slug: string;
  name: string;
  positionsWithheld: boolean;
  leads: (number | null)[];
}

/** The day: outlets by name, the leading articles by id, and the names of their stories. */
export interface DayLeads {
  outlets: OutletLeads[];
  articles: Map<number, LeadArticle>;
  storyNames: Map<number, string[]>;
}

/**
 * Every span of `outletIds` between `from` and `to` (epoch ms; the day and the gap before it), by index,
 * two searches per outlet, as one JSON document of parallel arrays.
 */
async function daySpans(
  db: Executor,
  outletIds: readonly number[],
  from: number,
  to: string,
): Promise<Map<number, { articleId: number; position: number; from: number; to: number }[]>> {
  const spansOf = new Map<number, { articleId: number; position: number; from: number; to: number }[]>();
  if (outletIds.length === 0) return spansOf;
  const [row] = await db.execute<{ r: { o: number[] | null; a: number[]; p: number[]; f: number[]; t: (number | null)[] } }>(sql`
      select json_build_object('o', array_agg(o.outlet_id), 'a', array_agg(s.article_id), 'p', array_agg(s.position),
        'f', array_agg(${epochMs(sql`s.from_at`)}), 't', array_agg(${epochMs(sql`s.to_at`)})) as r
      from unnest(${`{${outletIds.join(",")}}`}::int[]) as o(outlet_id)
      cross join lateral ${spansOverlapping(sql`o.outlet_id`, sql`${sqlTime(from)}::timestamptz`, sql`${to}::timestamptz`, ["article_id", "position", "from_at", "to_at"])} s`);
  const s = row?.r;
  for (let k = 0; k < (s?.o?.length ?? 0); k++) {
    const list = spansOf.get(s!.o![k]!) ?? [];
    list.push({ articleId: s!.a[k]!, position: s!.p[k]!, from: s!.f[k]!, to: s!.t[k] ?? Infinity });
    spansOf.set(s!.o![k]!, list);
  }
  return spansOf;
}

/** The leads of every shown outlet at half past each of `hours` (their starts, epoch ms). */
export async function loadDayLeads(
  db: Executor,
  policies: Policies,
  hours: readonly number[],
  /** A group's members (docs/outlet-groups.md): only their strips are read. */
  outletIds?: readonly number[],
): Promise<DayLeads> {
  const outlets = (
    await db.execute<{ id: number; slug: string; name: string }>(sql`
    select id, slug, name from outlets where active order by name`)
  ).filter((o) => !policies.forOutlet(o.id).excluded && (outletIds === undefined || outletIds.includes(o.id)));
  const withPositions = outlets.filter((o) => policies.forOutlet(o.id).positions).map((o) => o.id);
  const samples = hours.map((h) => sqlTime(h + LEAD_SAMPLE_OFFSET_MS));
  const none = withPositions.length === 0 || hours.length === 0;
  const outletList = `{${withPositions.join(",")}}`;
  // Each statement answers one JSON document of parallel arrays: a day of 50 outlets is ~1,200 samples and
  // ~4,500 spans, which cost the renderer more to receive and parse row by row than the statements cost.
  // The capture each sample reads, by index: one short backward scan per outlet and hour, with its stored lead.
  const captures = none
    ? undefined
    : await db.execute<{ r: { o: number[] | null; i: number[]; at: (number | null)[]; lead: (number | null)[] } }>(sql`
      select json_build_object('o', array_agg(o.outlet_id), 'i', array_agg(h.i), 'at', array_agg(${epochMs(sql`c.at`)}),
        'lead', array_agg(c.lead_article_id)) as r
      from unnest(${outletList}::int[]) as o(outlet_id)
      cross join unnest(${`{${samples.join(",")}}`}::timestamptz[]) with ordinality as h(at, i)
      left join lateral (
        select at, lead_article_id from frontpage_captures
        where outlet_id = o.outlet_id and outcome = 'ok' and at <= h.at and at > h.at - ${`${CAPTURE_GAP_MS} milliseconds`}::interval
        order by at desc limit 1
      ) c on true`);
  const c = captures?.[0]?.r;
  // Captures the prominence step has not ranked yet: their outlets' spans are read and ranked here.
  const unranked = [...new Set((c?.o ?? []).filter((_, k) => c!.at[k] !== null && c!.lead[k] === null))];
  const spansOf = await daySpans(db, unranked, hours[0]! - CAPTURE_GAP_MS, samples[samples.length - 1]!);
  const rows = (c?.o ?? []).map((outletId, k) => {
    const at = c!.at[k] ?? null;
    const stored = c!.lead[k] ?? null;
    let top: { articleId: number; position: number } | undefined;
    if (at !== null && stored === null) {
      for (const span of spansOf.get(outletId) ?? [])
        if (span.from <= at && at <= span.to && (!top || span.position < top.position)) top = span;
    }
    return { outlet_id: outletId, i: c!.i[k]!, article_id: stored ?? top?.articleId ?? null };
  });
  const leads = new Map<number, (number | null)[]>(withPositions.map((id) => [id, hours.map(() => null)]));
  for (const r of rows) if (r.article_id !== null) leads.get(r.outlet_id)![Number(r.i) - 1] = Number(r.article_id);
  const ids = [
    ...new Set(
      rows
        .map((r) => r.article_id)
        .filter((id) => id !== null)
        .map(Number),
    ),
  ];
  const articles = new Map<number, LeadArticle>();
  const storyNames = new Map<number, string[]>();
  if (ids.length > 0) {
    // One headline per article for the day: its latest version first seen by the day's end.
    const end = sqlTime(hours[hours.length - 1]! + 3_600_000);
    const found = await db.execute<{ id: string | number; outlet_id: number; story_id: string | number | null; text: string | null }>(sql`
      select a.id, a.outlet_id, a.story_id, v.text
      from articles a
      left join lateral (
        select text from headline_versions where article_id = a.id
        order by (first_seen_at <= ${end}::timestamptz) desc, first_seen_at desc, id limit 1) v on true
      where a.id in ${idList(ids)}`);
    for (const r of found) {
      const storyId = num(r.story_id);
      articles.set(Number(r.id), {
        articleId: Number(r.id),
        storyId,
        headline: r.text === null ? "(sin titular registrado)" : headlineForDisplay(policies.forOutlet(r.outlet_id), r.text),
      });
    }
    const storyIds = [...new Set([...articles.values()].map((a) => a.storyId).filter((id): id is number => id !== null))];
    if (storyIds.length > 0) {
      for (const r of await db.execute<{ id: string | number; key_terms: string[] }>(
        sql`select id, key_terms from stories where id in ${idList(storyIds)}`,
      )) {
        storyNames.set(Number(r.id), r.key_terms);
      }
    }
  }
  // A stored lead whose article was deleted since (an exclusion) is read as none.
  for (const list of leads.values()) {
    for (let k = 0; k < list.length; k++) if (list[k] !== null && !articles.has(list[k]!)) list[k] = null;
  }
  return {
    outlets: outlets.map((o) => ({
      slug: o.slug,
      name: o.name,
      positionsWithheld: !policies.forOutlet(o.id).positions,
      leads: leads.get(o.id) ?? hours.map(() => null),
    })),
    articles,
    storyNames,
  };
}
