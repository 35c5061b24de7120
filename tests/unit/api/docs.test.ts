import { describe, expect, it } from "vitest";
import { DATASETS } from "../../../db/open-data/datasets/index";
import { DATASET_DOCS, fieldDoc, PARAM_DOCS } from "../../../app/_lib/api/docs";

describe("open-data documentation", () => {
  it.each(DATASETS.map((d) => [d.name, d] as const))("WEB-3: every field and parameter of %s is documented", (_, dataset) => {
    expect(DATASET_DOCS[dataset.name].title.length).toBeGreaterThan(0);
    for (const field of dataset.fields) expect(fieldDoc(dataset.name, field), field).toBeTruthy();
    for (const param of dataset.params) expect(PARAM_DOCS[param], param).toBeTruthy();
  });

  it("WEB-3: field names are English snake_case", () => {
    for (const d of DATASETS) for (const f of d.fields) expect(f).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
