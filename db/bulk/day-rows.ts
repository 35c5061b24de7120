/**
 * The rows of a day's bulk files (SPEC WEB-9), read through the very datasets the API and the
 * exports serve (db/open-data/datasets/): one definition of the fields and of what each
 * publisher's scopes withhold, so a bulk file holds exactly what an export of that day would.
 */
import { datasetNamed } from "../open-data/datasets";
import type { Dataset, Record_ } from "../open-data/datasets/types";
import type { ApiContext } from "../open-data/context";
import { DEFAULT_LIMIT } from "../open-data/params";
import type { BulkDataset } from "../../lib/bulk/manifest";

/** Rows read per database round trip (the exports' batch). */
export const BULK_BATCH = 2000;

/** The dataset behind a bulk file. */
export function bulkDataset(name: BulkDataset): Dataset {
  const dataset = datasetNamed(name);
  if (!dataset) throw new Error(`no dataset named ${name}`);
  return dataset;
}

/**
 * Every row of `dataset` in [from, to), page by page, optionally of one outlet (the ranged
 * datasets' own meaning of a period: articles and versions by first seen, spans overlapping it).
 */
export async function* rangeRows(
  ctx: ApiContext,
  dataset: Dataset,
  range: { from: number; to: number; outlet?: string },
  batch = BULK_BATCH,
): AsyncGenerator<Record_[]> {
  const query = { from: range.from, to: range.to, outlet: range.outlet, limit: DEFAULT_LIMIT };
  let page = await dataset.page(ctx, query, undefined, batch);
  for (;;) {
    if (page.items.length) yield page.items;
    if (!page.next) return;
    page = await dataset.page(ctx, query, page.next, batch);
  }
}
