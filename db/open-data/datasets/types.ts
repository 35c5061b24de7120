/** The shape every open-data dataset shares (SPEC WEB-3): fields, parameters and keyset pages. */
import type { ApiContext } from "../context";
import type { CursorKey } from "../cursor";
import type { ApiQuery, ParamName } from "../params";

/** A row as published: snake_case field names, values JSON and CSV can both hold. */
export type Record_ = Record<string, string | number | boolean | null | readonly string[]>;

/** A page of rows and the key to continue after, null on the last page. */
export interface Page {
  items: Record_[];
  next: CursorKey | null;
}

/** One dataset: its list endpoint, its export and its fields. */
export interface Dataset {
  /** URL name: `/api/v1/<name>`, `/api/v1/exports/<name>.csv`. */
  name: "outlets" | "articles" | "headline-versions" | "rank-spans" | "stories";
  /** Field names in order (the CSV header). */
  fields: readonly string[];
  /** Parameters the list endpoint and the export take. */
  params: readonly ParamName[];
  /** Whole numbers in this dataset's cursor. */
  cursorLength: number;
  /** Whether exports bound the date range (big tables). */
  ranged: boolean;
  /** Rows after `after` matching `query`, at most `limit`. */
  page(ctx: ApiContext, query: ApiQuery, after: CursorKey | undefined, limit: number): Promise<Page>;
}

/** `next` for a page of `rows` read with `limit`: the last row's key when the page is full. */
export function nextKey<T>(rows: readonly T[], limit: number, key: (row: T) => CursorKey): CursorKey | null {
  return rows.length === limit && rows.length > 0 ? key(rows[rows.length - 1]!) : null;
}
