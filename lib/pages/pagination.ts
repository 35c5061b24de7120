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
