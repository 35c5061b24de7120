/** Prints benchmark figures as an aligned plain-text table, value next to its bound. */
import type { Figure } from "../types";

/** A number as people read it: integers with thin grouping, others to 3 significant decimals. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function mark(f: Figure): string {
  if (f.ok === undefined) return "";
  return f.ok ? "✓" : "✗";
}

/** The rows of one benchmark (or an error line) as text. */
export function renderTable(rows: { bench: string; figures: Figure[]; error?: string }[]): string {
  const header = ["benchmark", "figure", "value", "unit", "bound", ""];
  const body = rows.flatMap((r) =>
    r.error !== undefined
      ? [[r.bench, "ERROR", r.error, "", "", "✗"]]
      : r.figures.map((f) => [r.bench, f.label, formatValue(f.value), f.unit, f.bound ?? "", mark(f)]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}
