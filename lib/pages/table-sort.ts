/**
 * Sortable tables without JavaScript (SPEC WEB-2): each table has a query parameter
 * naming its sort column, `-` in front for descending (`/estado?medios=-capturas`). Column
 * headers are links to the same page with that parameter changed, the others kept.
 * Unknown values fall back to the table's default order: a link that sorts is never an error.
 */

/** The order of one table. */
export interface SortState {
  column: string;
  descending: boolean;
}

/** How one table sorts: its parameter, its columns' keys and its default order. */
export interface TableSort<T> {
  param: string;
  keys: Record<string, (row: T) => string | number | undefined>;
  fallback: SortState;
}

/** The order asked for in `value`, if it names a column of `sort`; else the default. */
export function parseSort<T>(sort: TableSort<T>, value: string | string[] | undefined): SortState {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return sort.fallback;
  const descending = raw.startsWith("-");
  const column = descending ? raw.slice(1) : raw;
  return Object.hasOwn(sort.keys, column) ? { column, descending } : sort.fallback;
}

const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/** Rows in the order of `state` (stable; rows without a value last, whatever the direction). */
export function sortRows<T>(rows: readonly T[], sort: TableSort<T>, state: SortState): T[] {
  const key = sort.keys[state.column] ?? sort.keys[sort.fallback.column]!;
  const sign = state.descending ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: key(row) }))
    .sort((a, b) => {
      if (a.value === undefined || b.value === undefined) {
        return a.value === b.value ? a.index - b.index : a.value === undefined ? 1 : -1;
      }
      const order =
        typeof a.value === "number" && typeof b.value === "number" ? a.value - b.value : collator.compare(String(a.value), String(b.value));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((x) => x.row);
}

/**
 * The link of a column header: the current query with this table's parameter set to the
 * column, ascending — or descending when the table is already sorted by it ascending.
 * Numbers are first sorted largest first, which is what readers look for.
 */
export function sortHref(
  query: Record<string, string | string[] | undefined>,
  param: string,
  column: string,
  state: SortState,
  numeric: boolean,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name === param || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  }
  const descending = state.column === column ? !state.descending : numeric;
  params.set(param, `${descending ? "-" : ""}${column}`);
  return `?${params.toString()}`;
}
