/** The research bundle's parameters and the bulk files' share of the export budget (SPEC WEB-9). */
import { describe, expect, it } from "vitest";
import { parseBundleQuery } from "../../../app/_lib/bulk/bundle-params";
import { codebookCsv } from "../../../app/_lib/bulk/codebook";
import { bundleFileName } from "../../../app/_lib/bulk/bundle";
import { DATASETS } from "../../../db/open-data/datasets/index";
import { fieldDoc } from "../../../app/_lib/api/docs";
import { ApiError } from "../../../db/open-data/errors";
import { createApiBudget } from "../../../lib/front-door/api-budget";
import { parseCsv } from "../../../lib/csv";
import { utcDay, utcDayRange } from "../../../lib/bulk/manifest";

const parse = (query: string) => parseBundleQuery(new URLSearchParams(query));

describe("bundle parameters", () => {
  it("reads UTC days, both included, and outlets by commas or one per parameter", () => {
    expect(parse("from=2026-03-01&to=2026-03-03&outlets=faro,gaceta")).toEqual({
      fromDay: "2026-03-01",
      toDay: "2026-03-03",
      from: Date.parse("2026-03-01T00:00:00Z"),
      to: Date.parse("2026-03-04T00:00:00Z"),
      outlets: ["faro", "gaceta"],
    });
    expect(parse("from=2026-03-01&outlets=gaceta&outlets=faro&outlets=gaceta").outlets).toEqual(["faro", "gaceta"]);
    expect(parse("from=2026-03-01")).toMatchObject({ toDay: "2026-03-01", outlets: undefined });
    expect(parse("from=2026-01-01&to=2026-04-03").toDay).toBe("2026-04-03"); // 93 days, the most
  });

  it.each([
    ["", "from"],
    ["from=2026-02-30", "from"],
    ["from=2026-03-02&to=2026-03-01", "to"],
    ["from=2026-01-01&to=2026-04-04", "from"], // 94 days
    ["from=2026-03-01&outlets=Faro", "outlets"],
    ["from=2026-03-01&from=2026-03-02", "from"],
    ["from=2026-03-01&q=x", "q"],
  ])("refuses %j, naming %s", (query, parameter) => {
    let error: unknown;
    try {
      parse(query);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).parameter).toBe(parameter);
  });

  it("names the file after the period, the outlets and the version", () => {
    expect(bundleFileName(parse("from=2026-03-01&to=2026-03-03&outlets=faro"))).toBe("hemeroscopio-2026-03-01_2026-03-03-faro-v1.1.0.zip");
    expect(bundleFileName(parse("from=2026-03-01"))).toBe("hemeroscopio-2026-03-01_2026-03-01-v1.1.0.zip");
  });
});

describe("codebook", () => {
  it("has one described row per field of the four datasets, in their order, from /datos's definitions", () => {
    const [header, ...rows] = parseCsv(codebookCsv());
    expect(header).toEqual(["dataset", "field", "position", "description"]);
    const expected = DATASETS.filter((d) => d.name !== "outlets").flatMap((d) =>
      d.fields.map((f, i) => [d.name, f, String(i + 1), fieldDoc(d.name, f)]),
    );
    expect(rows).toEqual(expected);
    expect(rows.every((r) => r[3]!.length > 0)).toBe(true);
  });
});

describe("days and budget", () => {
  it("a day of the open data is a UTC day", () => {
    expect(utcDayRange("2026-03-29")).toEqual({ start: Date.parse("2026-03-29T00:00:00Z"), end: Date.parse("2026-03-30T00:00:00Z") });
    expect(utcDayRange("2026-13-01")).toBeUndefined();
    expect(utcDay(Date.parse("2026-03-05T00:30:00Z"), -1)).toBe("2026-03-04");
  });

  it("WEB-3: bulk files and bundles are charged to the export budget", () => {
    const budget = createApiBudget({ api: { limit: 100, windowS: 60 }, exports: { limit: 1, windowS: 60 } }, () => 0);
    expect(budget.charge("a", "/api/v1/bulk/2026-03-04/articles.parquet")!.spent).toBe(false);
    const second = budget.charge("a", "/api/v1/bulk/bundle")!;
    expect(second.spent).toBe(true);
    expect(second.headers["ratelimit-policy"]).toBe('"exports";q=1;w=60');
  });
});
