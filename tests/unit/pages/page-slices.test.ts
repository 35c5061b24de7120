/** The pages of a long public table (SPEC WEB-2: paginated tables, plain `?pagina=` links). */
import { describe, expect, it } from "vitest";
import { keptParams, pageHref, pageOf } from "../../../lib/pages/pagination";

describe("pageOf", () => {
  const rows = Array.from({ length: 50 }, (_, i) => i);

  it.each([
    [1, [0, 14], 4],
    [3, [30, 44], 4],
    [4, [45, 49], 4],
  ])("WEB-2: page %i of 50 rows, 15 a page, holds rows %j of %i pages", (page, [first, last], pages) => {
    const slice = pageOf(rows, page, 15);
    expect([slice.rows[0], slice.rows.at(-1)]).toEqual([first, last]);
    expect(slice.pageCount).toBe(pages);
  });

  it("WEB-2: no rows still make one page, and a page past the last is empty", () => {
    expect(pageOf([], 1, 15)).toEqual({ rows: [], pageCount: 1 });
    expect(pageOf(rows, 5, 15).rows).toEqual([]);
  });
});

describe("keptParams", () => {
  it("WEB-2: the pager keeps the order and filters, never the page itself nor repeated values", () => {
    const kept = keptParams({ orden: "-noticias", pagina: "2", fecha: "2026-11-20", x: ["a", "b"], y: undefined });
    expect(kept).toEqual({ orden: "-noticias", fecha: "2026-11-20" });
    expect(pageHref("/cabeceras", 3, kept)).toBe("/cabeceras?orden=-noticias&fecha=2026-11-20&pagina=3");
    expect(pageHref("/cabeceras", 1, kept)).toBe("/cabeceras?orden=-noticias&fecha=2026-11-20");
  });
});
