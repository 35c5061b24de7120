/**
 * `/buscar/serie.csv` and `/buscar/serie.json` (SPEC WEB-9): the attention series of up to four
 * searches, every day and outlet, as /buscar's chart and tables show them; the file names the
 * open data's version (SPEC WEB-9).
 */
import "server-only";
import { loadPolicies } from "../../../db/policies-in-force";
import { siteClock } from "../../../db/server";
import { csvRow } from "../../../lib/csv";
import { DATASET_VERSION, DATASET_VERSION_NAME } from "../../../lib/dataset-version";
import { parseAttentionRequest, seriesRecord, SERIES_FIELDS } from "../../../lib/pages/attention";
import { exportHeaders } from "../api/http";
import { loadAttention } from "./attention";
import { readSiteData } from "./data";

const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/** Answer a download of the series in `format`. */
export async function attentionDownload(request: Request, format: "csv" | "json"): Promise<Response> {
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams.keys()].map((k) => {
      const all = new URL(request.url).searchParams.getAll(k);
      return [k, all.length > 1 ? all : all[0]];
    }),
  );
  const parsed = parseAttentionRequest(params, siteClock().now());
  if (!parsed.ok) return plain(400, parsed.reason);
  if (parsed.value.queries.length === 0) return plain(400, "Falta la búsqueda (q).");
  const request_ = { ...parsed.value, queries: parsed.value.queries.slice(0, 4) };
  const read = await readSiteData(async (db) => loadAttention(db, await loadPolicies(db), request_));
  if (!read.ok) return plain(503, "Servicio no disponible temporalmente.", { "Retry-After": "60" });
  if (read.value.unknownOutlet) return plain(404, "Esa cabecera no existe o no se puede buscar.");
  const rows = read.value.series.flatMap((s) => s.rows.map(seriesRecord));
  const filename = `${DATASET_VERSION_NAME}-serie-${request_.from}_${request_.to}.${format}`;
  const body =
    format === "csv"
      ? csvRow(SERIES_FIELDS) + rows.map((r) => csvRow(SERIES_FIELDS.map((f) => r[f]))).join("")
      : JSON.stringify({ version: DATASET_VERSION, from: request_.from, to: request_.to, queries: request_.queries, data: rows });
  return new Response(body, { headers: exportHeaders(filename, format) });
}
