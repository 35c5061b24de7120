/**
 * Links to the open-data exports (SPEC WEB-3) that pages put beside their tables: the
 * address of `/api/v1/exports/<dataset>.<csv|json>` with the same filters the table shows. Pure.
 */

/** The datasets an export link may name (db/open-data/datasets). */
export type ExportDataset = "outlets" | "articles" | "headline-versions" | "rank-spans" | "stories";

/** Filters of an export: an outlet slug, a story or article id, and an instant range (epoch ms). */
export interface ExportFilters {
  outlet?: string;
  /** An outlet group (docs/outlet-groups.md). */
  group?: string;
  story?: number;
  article?: number;
  from?: number;
  to?: number;
}

/** The widest range an export serves (app/_lib/api/export.ts): longer ranges are cut to their last 93 days. */
const MAX_RANGE_MS = 93 * 24 * 3_600_000;

/** `/api/v1/exports/articles.csv?outlet=x&from=…`: filters in a fixed order, instants in ISO 8601. */
export function exportHref(dataset: ExportDataset, format: "csv" | "json", f: ExportFilters = {}): string {
  const q = new URLSearchParams();
  if (f.outlet !== undefined) q.set("outlet", f.outlet);
  if (f.group !== undefined) q.set("group", f.group);
  if (f.story !== undefined) q.set("story", String(f.story));
  if (f.article !== undefined) q.set("article", String(f.article));
  const from = f.from !== undefined && f.to !== undefined ? Math.max(f.from, f.to - MAX_RANGE_MS) : f.from;
  if (from !== undefined) q.set("from", new Date(from).toISOString());
  if (f.to !== undefined) q.set("to", new Date(f.to).toISOString());
  const query = q.toString();
  return `/api/v1/exports/${dataset}.${format}${query ? `?${query}` : ""}`;
}
