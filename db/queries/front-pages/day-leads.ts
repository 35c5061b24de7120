/**
 * A day's leads across outlets (SPEC WEB-5): for every shown outlet and every hour of a
 * peninsular day, the article that led its front page at half past the hour (rank 1 of the
 * last successful capture by then, if that capture is at most CAPTURE_GAP_MS old), with
 * its story and its headline. Two statements for the samples: per outlet and hour, the
 * capture by index (frontpage_captures_outlet_at); per outlet, the day's spans by index
 * (db/span-overlap.ts). The lead at a capture is the covering span with the lowest order key,
 * found in memory: no rank is computed beyond the first. Instants come back as epoch milliseconds
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
import { epochMs, idList, num } from "../page-sql";
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
  const [captures, spans] = none
    ? [undefined, undefined]
    : await Promise.all([
        // The capture each sample reads, by index: one short backward scan per outlet and hour.
        db.execute<{ r: { o: number[] | null; i: number[]; at: (number | null)[] } }>(sql`
      select json_build_object('o', array_agg(o.outlet_id), 'i', array_agg(h.i), 'at', array_agg(${epochMs(sql`c.at`)})) as r
      from unnest(${outletList}::int[]) as o(outlet_id)
      cross join unnest(${`{${samples.join(",")}}`}::timestamptz[]) with ordinality as h(at, i)
      cross join lateral (
        select max(at) as at from frontpage_captures
        where outlet_id = o.outlet_id and outcome = 'ok' and at <= h.at and at > h.at - ${`${CAPTURE_GAP_MS} milliseconds`}::interval
      ) c`),
        // Every span of the day (and of the gap before it), by index, two searches per outlet;
        // the lowest order key covering each capture is found below, in memory.
        db.execute<{ r: { o: number[] | null; a: number[]; p: number[]; f: number[]; t: (number | null)[] } }>(sql`
      select json_build_object('o', array_agg(o.outlet_id), 'a', array_agg(s.article_id), 'p', array_agg(s.position),
        'f', array_agg(${epochMs(sql`s.from_at`)}), 't', array_agg(${epochMs(sql`s.to_at`)})) as r
      from unnest(${outletList}::int[]) as o(outlet_id)
      cross join lateral ${spansOverlapping(sql`o.outlet_id`, sql`${sqlTime(hours[0]! - CAPTURE_GAP_MS)}::timestamptz`, sql`${samples[samples.length - 1]!}::timestamptz`, ["article_id", "position", "from_at", "to_at"])} s`),
      ]);
  const spansOf = new Map<number, { articleId: number; position: number; from: number; to: number }[]>();
  const s = spans?.[0]?.r;
  for (let k = 0; k < (s?.o?.length ?? 0); k++) {
    const list = spansOf.get(s!.o![k]!) ?? [];
    list.push({ articleId: s!.a[k]!, position: s!.p[k]!, from: s!.f[k]!, to: s!.t[k] ?? Infinity });
    spansOf.set(s!.o![k]!, list);
  }
  const c = captures?.[0]?.r;
  const rows = (c?.o ?? []).map((outletId, k) => {
    const at = c!.at[k] ?? null;
    let top: { articleId: number; position: number } | undefined;
    if (at !== null) {
      for (const span of spansOf.get(outletId) ?? [])
        if (span.from <= at && at <= span.to && (!top || span.position < top.position)) top = span;
    }
    return { outlet_id: outletId, i: c!.i[k]!, article_id: top?.articleId ?? null };
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
