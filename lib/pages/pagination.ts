/** The `?pagina=` parameter of paginated public lists (SPEC WEB-2: paginated tables). */

/** Page number from `?pagina=`: absent → 1; a positive whole number → it; anything else → undefined. */
export function parsePageParam(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== "string" || !/^[1-9][0-9]{0,5}$/.test(value)) return undefined;
  return Number(value);
}

/** The link to page `page` of `path` (page 1 has no parameter, so it has one address), keeping the list's other parameters. */
export function pageHref(path: string, page: number, keep: Record<string, string> = {}): string {
  const params = new URLSearchParams(keep);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query === "" ? path : `${path}?${query}`;
}

/** Rows of page `page` (from 1) of `size` each, and how many pages the rows fill (at least 1). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; pageCount: number } {
  return { rows: rows.slice((page - 1) * size, page * size), pageCount: Math.max(1, Math.ceil(rows.length / size)) };
}

/** The query's single-valued parameters but `pagina` and `drop`: what the pager's links keep. */
export function keptParams(query: Record<string, string | string[] | undefined>, drop: readonly string[] = []): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name !== "pagina" && !drop.includes(name) && typeof value === "string") kept[name] = value;
  }
  return kept;
}
