import { describe, expect, it } from "vitest";
import { parseSort, sortHref, sortRows, type TableSort } from "../../../lib/pages/table-sort";

interface Row {
  name: string;
  n?: number;
}
const sort: TableSort<Row> = {
  param: "t",
  keys: { nombre: (r) => r.name, n: (r) => r.n },
  fallback: { column: "nombre", descending: false },
};
const rows: Row[] = [{ name: "Ávila", n: 3 }, { name: "zamora", n: 10 }, { name: "Badajoz" }, { name: "alicante", n: 3 }];

describe("sortable tables (WEB-2)", () => {
  it("WEB-2: reads the order from its parameter; anything unknown is the default order", () => {
    expect(parseSort(sort, "-n")).toEqual({ column: "n", descending: true });
    expect(parseSort(sort, "nombre")).toEqual({ column: "nombre", descending: false });
    for (const bad of [undefined, "", "-", "x", "--n", "constructor", "__proto__"])
      expect(parseSort(sort, bad), String(bad)).toEqual(sort.fallback);
    expect(parseSort(sort, ["-n", "n"])).toEqual({ column: "n", descending: true });
  });

  it("WEB-2: sorts Spanish names as a reader expects and numbers by value, stable, empty cells last", () => {
    expect(sortRows(rows, sort, { column: "nombre", descending: false }).map((r) => r.name)).toEqual([
      "alicante",
      "Ávila",
      "Badajoz",
      "zamora",
    ]);
    expect(sortRows(rows, sort, { column: "n", descending: true }).map((r) => r.name)).toEqual(["zamora", "Ávila", "alicante", "Badajoz"]);
    expect(sortRows(rows, sort, { column: "n", descending: false }).map((r) => r.name)).toEqual(["Ávila", "alicante", "zamora", "Badajoz"]);
  });

  it("WEB-2: a header link sorts by its column (numbers largest first), flips an active column, and keeps the other tables' parameters", () => {
    const state = { column: "nombre", descending: false };
    expect(sortHref({ otra: "-x", t: "nombre" }, "t", "n", state, true)).toBe("?otra=-x&t=-n");
    expect(sortHref({}, "t", "nombre", state, false)).toBe("?t=-nombre");
    expect(sortHref({}, "t", "n", { column: "n", descending: true }, true)).toBe("?t=n");
    expect(sortHref({ q: "a&b", v: ["1", "2"] }, "t", "nombre", { column: "n", descending: false }, false)).toBe(
      "?q=a%26b&v=1&v=2&t=nombre",
    );
  });
});
