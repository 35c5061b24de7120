/**
 * The history pages on the generated year (`npm run seed:history`, 50 outlets × 365 days,
 * made once then reused), uncached: each page's read model is called directly, as the
 * page calls it (policies, outlet, then the model), at random minutes and days of the
 * year, one request at a time. Goals (SPEC WEB-5, the history pages' speed): a front page
 * at a past minute p95 ≤ 100 ms, a day's leads across every outlet p95 ≤ 250 ms, four
 * outlets side by side p95 ≤ 150 ms. Also measured: the outlet page over a year-long
 * period, the story list by prominence (DER-9), and a page and an export batch of the
 * open data's headline versions with their features and A/B flags (WEB-3). Then EXPLAIN (ANALYZE, BUFFERS) of every
 * statement behind one sample of each, counting sequential scans of big tables.
 *
 * Knobs: BENCH_SITE_OUTLETS (50), BENCH_SITE_DAYS (365), BENCH_HISTORY_SAMPLES (60 per
 * page; a twentieth of that, at least 3, for the year-long outlet page, the story list and the export batch), BENCH_HISTORY_SEED (1),
 * BENCH_SITE_PLANS=1 (print whole plans), BENCH_HISTORY_ONLY (measure only the pages whose label contains it, e.g. "outlet").
 */
import os from "node:os";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { loadPolicies } from "../../db/policies-in-force";
import { loadDayLeads } from "../../db/queries/front-pages/day-leads";
import { loadFrontPageAt } from "../../db/queries/front-pages/front-page-at";
import { loadOutletPage } from "../../db/queries/outlet-page/outlet-page";
import { findVisibleOutlet } from "../../db/queries/outlet-page/outlet";
import { loadSideBySide } from "../../db/queries/front-pages/side-by-side";
import { listRecentStories } from "../../db/queries/stories/story-page";
import type { Executor } from "../../db/client";
import { loadApiScope, type ApiContext, type ApiScope } from "../../db/open-data/context";
import { headlineVersionsDataset } from "../../db/open-data/datasets/headline-versions";
import { EXPORT_BATCH } from "../../app/_lib/api/export";
import { dayHours, dayValue, parseDay } from "../../lib/pages/peninsular-time";
import { explainedFigures, explainPage } from "./support/api-explain";
import { historyDatabase } from "./support/history-database";
import { percentile, randomSource, timeSamples } from "./support/samples";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "history";

const one = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });
const DAY = 86_400_000;
const MINUTE = 60_000;

/** One measured page: a label, its goal (p95, ms) if any, and what one sample does given a random source. */
interface Probe {
  label: string;
  goal?: number;
  samples: number;
  sample: (db: Executor, random: () => number) => Promise<unknown>;
}

/** The pages, as their routes read them. */
function probes(slugs: string[], end: number, days: number, samples: number): Probe[] {
  const first = end - days * DAY + DAY;
  const minute = (random: () => number) => Math.floor((first + random() * (end - first)) / MINUTE) * MINUTE;
  const pick = (random: () => number) => slugs[Math.floor(random() * slugs.length)]!;
  const few = Math.max(3, Math.round(samples / 20));
  // The API keeps the policies and outlets between requests (answer.ts): loaded once here too.
  let scope: Promise<ApiScope> | undefined;
  const apiContext = async (db: Executor): Promise<ApiContext> => ({ ...(await (scope ??= loadApiScope(db))), db, now: end });
  return [
    {
      label: "front page at a random minute /cabeceras/<slug>/portada?en=",
      goal: 100,
      samples,
      sample: async (db, random) => {
        const outlet = await findVisibleOutlet(db, await loadPolicies(db), pick(random));
        return loadFrontPageAt(db, { outletId: outlet!.id, policy: outlet!.policy, minute: minute(random), now: end });
      },
    },
    {
      label: `a day's leads, ${slugs.length} outlets /portadas/dia?fecha=`,
      goal: 250,
      samples,
      sample: async (db, random) => {
        const day = parseDay(dayValue(minute(random)))!;
        return loadDayLeads(
          db,
          await loadPolicies(db),
          dayHours(day.start, day.end).map((h) => h.at),
        );
      },
    },
    {
      label: "four outlets side by side /portadas?en=&cabeceras=",
      goal: 150,
      samples,
      sample: async (db, random) => {
        const chosen = new Set<string>();
        while (chosen.size < Math.min(4, slugs.length)) chosen.add(pick(random));
        return loadSideBySide(db, await loadPolicies(db), { slugs: [...chosen], minute: minute(random), now: end });
      },
    },
    {
      label: "outlet page over 365 days /cabeceras/<slug>?desde=&hasta=",
      samples: few,
      sample: async (db, random) =>
        loadOutletPage(db, await loadPolicies(db), { slug: pick(random), now: end, period: { start: end - 365 * DAY, end } }),
    },
    {
      // Each version carries its features and A/B flag: a second statement reads every version of the page's articles.
      label: "headline versions, 100 of one outlet over 7 days /api/v1/headline-versions?outlet=&from=&to=",
      samples,
      sample: async (db, random) => {
        const to = minute(random);
        return headlineVersionsDataset.page(
          await apiContext(db),
          { outlet: pick(random), from: to - 7 * DAY, to, limit: 100 },
          undefined,
          100,
        );
      },
    },
    {
      label: "headline versions export, one batch of 2000 over 7 days /api/v1/exports/headline-versions.csv?from=&to=",
      samples: few,
      sample: async (db, random) => {
        const to = minute(random);
        return headlineVersionsDataset.page(await apiContext(db), { from: to - 7 * DAY, to, limit: EXPORT_BATCH }, undefined, EXPORT_BATCH);
      },
    },
    {
      label: "stories by prominence /historias?orden=prominencia",
      samples: few,
      sample: async (db, random) =>
        listRecentStories(db, await loadPolicies(db), {
          page: 1,
          pageSize: 20,
          now: minute(random),
          order: { column: "prominencia", descending: true },
        }),
    },
  ];
}

/** Generate or reuse the year; time each probe; explain one sample of each. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const outlets = one(process.env.BENCH_SITE_OUTLETS, 50);
  const days = one(process.env.BENCH_SITE_DAYS, 365);
  const samples = one(process.env.BENCH_HISTORY_SAMPLES, 60);
  const seed = one(process.env.BENCH_HISTORY_SEED, 1);
  const out: Figure[] = [];
  const history = await historyDatabase(outlets, days, process.env.DATABASE_URL, ctx.progress);
  // Several connections: the read models send independent statements in parallel, as on the site.
  // The site pool's session settings (db/client.ts), so that a stock server (JIT on) is measured as the site uses it.
  const sql = postgres(history.url, { max: 6, onnotice: () => {}, connection: { random_page_cost: 1.1, jit: "off" } });
  try {
    const db = drizzle(sql);
    const slugs = (await sql<{ slug: string }[]>`select slug from outlets where active order by slug`).map((r) => r.slug);
    const only = process.env.BENCH_HISTORY_ONLY;
    for (const probe of probes(slugs, history.end, days, samples).filter((p) => !only || p.label.includes(only))) {
      ctx.progress(`${probe.label}: ${probe.samples} samples`);
      const load = os.loadavg()[0]!;
      const times = await timeSamples(probe.samples, randomSource(seed), (random) => probe.sample(db, random));
      ctx.progress(
        `${probe.label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms (load ${load.toFixed(1)})`,
      );
      out.push(figure(`${probe.label}: p50`, percentile(times, 50), "ms"));
      out.push(figure(`${probe.label}: p95`, percentile(times, 95), "ms", probe.goal ? atMost(probe.goal) : undefined));
      out.push(figure(`${probe.label}: max of ${times.length}`, times[times.length - 1]!, "ms"));
      out.push(figure(`${probe.label}: load average (1 min) when measured`, load, "load"));
      const random = randomSource(seed + 1);
      for (const e of await explainPage(sql, db, probe.label.split(" /")[0]!, (d) => probe.sample(d, random))) {
        out.push(...explainedFigures(e, ctx.progress));
      }
    }
  } finally {
    await sql.end();
    await history.close();
  }
  return out;
}
