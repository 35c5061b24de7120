import { describe, expect, it } from "vitest";
import { csvCell, csvRow, parseCsv } from "../../../lib/csv";

describe("CSV writer", () => {
  it.each([
    ["plain", "plain"],
    ["con, coma", '"con, coma"'],
    ['dice "sí"', '"dice ""sí"""'],
    ["dos\nlíneas", '"dos\nlíneas"'],
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+34 600", "'+34 600"],
    ["-1+1", "'-1+1"],
    ["@cmd", "'@cmd"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["", ""],
  ])("WEB-3: a text cell %j is written as %j (RFC 4180 quoting, formula guard)", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("WEB-3: numbers, booleans, nulls and arrays have one written form", () => {
    expect(csvRow([1, -2.5, true, false, null, undefined, ["a", "b"], Number.NaN])).toBe("1,-2.5,true,false,,,a; b,\r\n");
  });

  it("WEB-3: records end in CRLF and parse back to the same cells", () => {
    const rows = [
      ["id", "headline", "authors"],
      ["1", 'Un "titular", con coma\ny salto', "Ana; Luis"],
      ["2", "", "=1+1"],
    ];
    const text = rows.map((r) => csvRow(r)).join("");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual(rows.map((r) => r.map((c) => (c === "=1+1" ? "'=1+1" : c))));
  });
});
