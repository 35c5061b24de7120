/**
 * Streamed exports (SPEC WEB-3): `/api/v1/exports/<dataset>.csv|json` walks the
 * dataset's keyset pages and writes each as it arrives, so a large export never sits
 * whole in memory. Big tables are bounded by a date range: by default the last 7
 * days, at most 93.
 */
import { csvRow } from "../../../lib/csv";
import { DATASET_VERSION } from "../../../lib/dataset-version";
import { withGroup, type ApiContext } from "../../../db/open-data/context";
import { datasetNamed } from "../../../db/open-data/datasets/index";
import type { Dataset, Page } from "../../../db/open-data/datasets/types";
import { badParameter, notFound } from "../../../db/open-data/errors";
import { exportHeaders } from "./http";
import { parseQuery, type ApiQuery } from "../../../db/open-data/params";

/** Rows read per database round trip while exporting. */
export const EXPORT_BATCH = 2000;
/** Default range of a ranged export when `from` is absent (ms). */
export const DEFAULT_RANGE_MS = 7 * 24 * 3_600_000;
/** The widest range a ranged export serves (ms). */
export const MAX_RANGE_MS = 93 * 24 * 3_600_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The date range an export covers: given, or defaulted, and never wider than MAX_RANGE_MS. */
export function exportRange(query: ApiQuery, now: number): { from: number; to: number } {
  const to = query.to ?? (query.from !== undefined ? Math.min(now, query.from + MAX_RANGE_MS) : now);
  const from = query.from ?? to - DEFAULT_RANGE_MS;
  if (from >= to) throw badParameter("from", "from must be earlier than to");
  if (to - from > MAX_RANGE_MS) throw badParameter("from", "an export covers at most 93 days; narrow from/to");
  return { from, to };
}

/** GET /api/v1/exports/<file>: `file` is `<dataset>.csv` or `<dataset>.json`. */
export async function exportEndpoint(whole: ApiContext, request: Request, file: string, batch = EXPORT_BATCH): Promise<Response> {
  const m = /^([a-z-]+)\.(csv|json)$/.exec(file);
  const dataset = m ? datasetNamed(m[1]!) : undefined;
  if (!m || !dataset) throw notFound(`export "${file.slice(0, 60)}"`);
  const format = m[2] as "csv" | "json";
  const params = dataset.params.filter((p) => p !== "limit" && p !== "cursor");
  const parsed = parseQuery(new URL(request.url).searchParams, params);
  const query = dataset.ranged ? { ...parsed, ...exportRange(parsed, whole.now) } : parsed;
  const ctx = withGroup(whole, query.group);
  // Validate the filters (unknown outlet → 404) before the 200 is committed.
  const first = await dataset.page(ctx, query, undefined, batch);
  const suffix = dataset.ranged ? `-${day(query.from!)}_${day(query.to! - 1)}` : "";
  // The file names the open data's version, so a paper citing it says what it used.
  const filename = `hemeroscopio-${dataset.name}${query.group ? `-${query.group}` : ""}${query.outlet ? `-${query.outlet}` : ""}${suffix}-v${DATASET_VERSION}.${format}`;

  const chunks = exportChunks(ctx, dataset, query, format, first, batch);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await chunks.next();
      if (chunk.done) controller.close();
      else controller.enqueue(encoder.encode(chunk.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, { headers: exportHeaders(filename, format) });
}

/** The export's text, one chunk per keyset page: a CSV header and rows, or a JSON array. */
async function* exportChunks(
  ctx: ApiContext,
  dataset: Dataset,
  query: ApiQuery,
  format: "csv" | "json",
  first: Page,
  batch: number,
): AsyncGenerator<string> {
  yield format === "csv" ? csvRow(dataset.fields) : "[";
  let page = first;
  let count = 0;
  for (;;) {
    let text = "";
    for (const item of page.items) {
      text += format === "csv" ? csvRow(dataset.fields.map((f) => item[f])) : `${count++ === 0 ? "" : ","}\n${JSON.stringify(item)}`;
    }
    if (text) yield text;
    if (!page.next) break;
    page = await dataset.page(ctx, query, page.next, batch);
  }
  if (format === "json") yield "\n]\n";
}
