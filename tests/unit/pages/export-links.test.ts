/** Links to the exports beside each table: the dataset, the format and the table's own filters. */
import { describe, expect, it } from "vitest";
import { exportHref } from "../../../lib/pages/export-links";

describe("export links", () => {
  it("WEB-3: an export link names its dataset and format, with the table's filters in ISO 8601", () => {
    expect(exportHref("outlets", "csv")).toBe("/api/v1/exports/outlets.csv");
    expect(exportHref("articles", "json", { outlet: "el-norte" })).toBe("/api/v1/exports/articles.json?outlet=el-norte");
    expect(exportHref("rank-spans", "csv", { outlet: "x", from: Date.UTC(2026, 10, 20, 8), to: Date.UTC(2026, 10, 20, 8, 1) })).toBe(
      "/api/v1/exports/rank-spans.csv?outlet=x&from=2026-11-20T08%3A00%3A00.000Z&to=2026-11-20T08%3A01%3A00.000Z",
    );
  });

  it("WEB-3: a range wider than an export serves is cut to its last 93 days, so the link never answers 400", () => {
    const to = Date.UTC(2026, 10, 20);
    const href = new URL(exportHref("articles", "csv", { story: 7, from: to - 400 * 86_400_000, to }), "http://x");
    expect(href.searchParams.get("story")).toBe("7");
    expect(Date.parse(href.searchParams.get("to")!) - Date.parse(href.searchParams.get("from")!)).toBe(93 * 86_400_000);
  });
});
