/**
 * CSV writing for the open-data exports (SPEC WEB-3): RFC 4180 (comma, CRLF line ends,
 * fields with comma, quote or line break quoted, quotes doubled), and cells that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return)
 * prefixed with an apostrophe, the usual guard against CSV injection.
 */

/** A value a CSV cell can hold; null and undefined become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined | readonly string[];

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Text of one cell, quoted and guarded as needed. Arrays are joined with "; ". */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = typeof value === "string" ? value : value.join("; ");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}

/** Parse CSV text (RFC 4180) into records; for tests and round trips, not for hostile input sizes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else if (c === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
