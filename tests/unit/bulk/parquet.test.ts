/**
 * The bulk files' Parquet (SPEC WEB-9): written by hyparquet-writer, read back by an
 * independent reader (parquet-wasm), and equal, row by row, to the CSV of the same rows.
 */
import { describe, expect, it } from "vitest";
import { csvRow, parseCsv } from "../../../lib/csv";
import { columnKind } from "../../../lib/bulk/parquet-columns";
import { writeParquet } from "../../../lib/bulk/parquet";
import { asCsvText, readParquetRows } from "../../support/parquet-reader";

const FIELDS = ["id", "outlet", "headline", "headline_withheld", "authors", "prominence", "story_id", "published_at"] as const;
const ROWS = [
  {
    id: 1,
    outlet: "gaceta",
    headline: "¿Qué pasó en «Sevilla», a las 9?",
    headline_withheld: false,
    authors: ["Ana Pérez", "Luis Ñúñez"],
    prominence: 12.5,
    story_id: 7,
    published_at: "2026-12-03T08:00:00.000Z",
  },
  { id: 2, outlet: "faro", headline: null, headline_withheld: true, authors: [], prominence: null, story_id: null, published_at: null },
  {
    id: 9007199254740991,
    outlet: "faro",
    headline: 'Comillas "dobles", y comas',
    headline_withheld: false,
    authors: ["Eva"],
    prominence: 3,
    story_id: null,
    published_at: null,
  },
];
const META = { dataset: "articles", day: "2026-12-03", version: "1.1.0" };

describe("Parquet bulk files", () => {
  it("an independent reader gets back the same columns and the same rows as the CSV", () => {
    const parquet = writeParquet(FIELDS, ROWS, META);
    const { fields, rows } = readParquetRows(parquet);
    expect(fields).toEqual([...FIELDS]);
    const csv = parseCsv(csvRow(FIELDS) + ROWS.map((r) => csvRow(FIELDS.map((f) => r[f]))).join(""));
    expect(rows.map((r) => FIELDS.map((f) => asCsvText(r[f])))).toEqual(
      // The CSV guards cells against spreadsheet formulas; Parquet holds the value itself.
      csv.slice(1).map((record) => record.map((cell) => cell.replace(/^'(?=[=+\-@])/, ""))),
    );
  });

  it("ids are whole 64-bit integers, other numbers doubles, flags booleans, lists text joined as in the CSV", () => {
    const { rows } = readParquetRows(writeParquet(FIELDS, ROWS, META));
    expect(rows[2]!.id).toBe(9007199254740991n);
    expect(rows[0]!.prominence).toBe(12.5);
    expect(rows[1]!.headline_withheld).toBe(true);
    expect(rows[0]!.authors).toBe("Ana Pérez; Luis Ñúñez");
    expect(rows[1]!.headline).toBeNull();
  });

  it("a day with no rows is still a readable file with every column", () => {
    const { fields, rows } = readParquetRows(writeParquet(FIELDS, [], META));
    expect(fields).toEqual([...FIELDS]);
    expect(rows).toEqual([]);
  });

  it.each([
    ["id", [1, 2], "INT64"],
    ["story_id", [null, 3], "INT64"],
    ["prominence", [1, 2.5], "DOUBLE"],
    ["headline_versions", [1, 2], "DOUBLE"],
    ["is_free", [null, false], "BOOLEAN"],
    ["section", [null, null], "STRING"],
    ["authors", [["a"]], "STRING"],
  ] as const)("the column %s with values %j is %s", (name, values, kind) => {
    expect(columnKind(name, values)).toBe(kind);
  });
});
