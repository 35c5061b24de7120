/** A column header that sorts its table by a link (SPEC WEB-2), announced with aria-sort. */
import { sortHref, type SortState } from "@/lib/pages/table-sort";

export function SortableTh({
  label,
  column,
  param,
  state,
  query,
  numeric = false,
}: {
  label: string;
  column: string;
  param: string;
  state: SortState;
  query: Record<string, string | string[] | undefined>;
  numeric?: boolean;
}) {
  const active = state.column === column;
  return (
    <th scope="col" aria-sort={active ? (state.descending ? "descending" : "ascending") : undefined}>
      <a href={sortHref(query, param, column, state, numeric)} className="sort-link" rel="nofollow">
        {label}
        <span aria-hidden="true" className="sort-mark">
          {active ? (state.descending ? " ▼" : " ▲") : " ↕"}
        </span>
        <span className="visually-hidden">
          {active
            ? state.descending
              ? " (de mayor a menor; pulsa para invertir)"
              : " (de menor a mayor; pulsa para invertir)"
            : " (pulsa para ordenar)"}
        </span>
      </a>
    </th>
  );
}
