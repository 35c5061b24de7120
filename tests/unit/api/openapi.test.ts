/** The OpenAPI 3.1 document (SPEC WEB-9) is valid by an independent validator and describes every dataset, field and parameter the API serves. */
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { DATASETS } from "../../../db/open-data/datasets/index";
import { SERIES_DOCS, SERIES_PARAMS } from "../../../app/_lib/api/docs";
import { openApiDocument } from "../../../app/_lib/api/openapi";
import { SERIES_FIELDS } from "../../../lib/pages/attention";

type Doc = {
  openapi: string;
  paths: Record<string, { get: { parameters?: { name: string }[] } }>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
};
const doc = openApiDocument("https://hemeroscopio.test") as unknown as Doc;

describe("OpenAPI description", () => {
  it("WEB-3, WEB-9: is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("WEB-3: lists every dataset's list and exports with its parameters, and its fields as a schema", () => {
    for (const d of DATASETS) {
      const list = doc.paths[`/api/v1/${d.name}`]!.get;
      expect(list.parameters!.map((p) => p.name)).toEqual([...d.params]);
      expect(doc.paths[`/api/v1/exports/${d.name}.csv`]).toBeDefined();
      const schema = Object.values(doc.components.schemas).find((s) => d.fields.every((f) => f in (s.properties ?? {})));
      expect(schema, d.name).toBeDefined();
    }
  });

  it("describes the series endpoint and every field it returns", () => {
    expect(doc.paths["/api/v1/series"]!.get.parameters!.map((p) => p.name)).toEqual([...SERIES_PARAMS]);
    for (const f of SERIES_FIELDS) expect(SERIES_DOCS.fields[f], f).toBeTruthy();
  });

  it("fails validation when a document is broken (the validator is not a no-op)", async () => {
    const broken = structuredClone(doc) as unknown as { info: Record<string, unknown> };
    delete broken.info.title;
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
  });
});
