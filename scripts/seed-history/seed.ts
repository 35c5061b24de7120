/**
 * Writes a simulated history straight into the database (not through the crawler):
 * outlets and sources, stories, then each outlet's articles, headline versions, rank
 * spans, captures and request log, by bulk COPY. Deterministic for a seed and end.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { prominenceStepStatement } from "../../crawler/derive/rank-prominence";
import { generateOutletYear } from "./generate/outlet-year";
import { generateOutlets } from "./generate/outlets";
import { createRandom } from "./generate/random";
import { generateStories } from "./generate/stories";
import type { SeedOptions } from "./options";
import { writeOutletYear, writeOutlets, writeStories, type Counts } from "./write";

/** Bumped whenever the generator's output changes (benchmarks reuse databases by it). */
export const GENERATOR_VERSION = 3;

/** Captures per outlet ranked per prominence step: large, as the history is written once. */
const PROMINENCE_WINDOW = 2_000;

/** What was written and how fast. */
export interface SeedSummary {
  counts: Counts;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

async function nextId(sql: postgres.Sql, table: string): Promise<number> {
  const [row] = await sql.unsafe<{ n: string }[]>(`select coalesce(max(id), 0) + 1 as n from ${table}`);
  return Number(row!.n);
}

/** Generate and write; `progress` gets a line per outlet. */
export async function seedHistory(
  sql: postgres.Sql,
  options: SeedOptions,
  progress: (line: string) => void = () => {},
): Promise<SeedSummary> {
  const started = performance.now();
  const to = options.end;
  const from = to - options.days * 86_400_000;
  const outlets = generateOutlets(createRandom(options.seed, "outlets"), options.outlets);
  const slugs = outlets.map((o) => o.slug);
  if (options.replace) {
    await sql`delete from outlets where slug in ${sql(slugs)}`;
    await sql`delete from stories s where not exists (select 1 from articles a where a.story_id = s.id)`;
  } else {
    const existing = await sql<{ slug: string }[]>`select slug from outlets where slug in ${sql(slugs)}`;
    if (existing.length > 0)
      throw new Error(
        `outlets ${existing
          .slice(0, 3)
          .map((r) => r.slug)
          .join(", ")}… already exist; use --replace or another --seed`,
      );
  }
  const counts: Counts = {};
  const outletIds = await writeOutlets(sql, outlets, counts);
  const { stories, byOutlet } = generateStories(createRandom(options.seed, "stories"), outlets, from, to, await nextId(sql, "stories"));
  await writeStories(sql, stories, counts);
  let ids = { article: await nextId(sql, "articles"), version: await nextId(sql, "headline_versions") };
  for (const [i, outlet] of outlets.entries()) {
    const year = generateOutletYear(
      createRandom(options.seed, `outlet-${i}`),
      outlet,
      outletIds[i]!,
      byOutlet[i]!,
      { from, to, logDays: options.logDays },
      ids,
    );
    await writeOutletYear(sql, year, counts);
    ids = { article: ids.article + year.articles.length, version: ids.version + year.versions.length };
    progress(
      `${i + 1}/${outlets.length} ${outlet.slug}: ${year.articles.length} articles, ${year.placements.length} spans, ${year.captures.length} captures`,
    );
  }
  for (const table of ["stories", "articles", "headline_versions"]) {
    await sql.unsafe(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  await sql`analyze`;
  // Prominence as the worker stores it (DER-9), ranked by the worker's own code.
  // The caller's raw client runs it (a drizzle instance over it would change how it sends JSON).
  const step = new PgDialect().sqlToQuery(prominenceStepStatement(PROMINENCE_WINDOW));
  for (let steps = 1; ; steps++) {
    const [moved] = await sql.unsafe<{ n: number }[]>(step.sql, step.params as postgres.ParameterOrJSON<never>[]);
    if ((moved?.n ?? 0) === 0) break;
    if (steps % 10 === 0) progress(`prominence: ${steps} steps of ${PROMINENCE_WINDOW} captures per outlet`);
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = Object.values(counts).reduce((s, n) => s + n, 0);
  return { counts, rows, seconds, rowsPerSecond: rows / seconds };
}
