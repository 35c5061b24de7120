/**
 * The research bundle's codebook (SPEC WEB-9), generated from the definitions /datos renders
 * (app/_lib/api/docs.ts) and the datasets' own field lists, so the two cannot disagree: one row
 * per field of each dataset, with the dataset's title, summary and order.
 */
import { csvRow } from "../../../lib/csv";
import { BULK_DATASETS } from "../../../lib/bulk/manifest";
import { datasetNamed } from "../../../db/open-data/datasets/index";
import { DATASET_DOCS, fieldDoc } from "../api/docs";

/** `codebook.csv`: dataset, field, position, meaning. */
export function codebookCsv(): string {
  let text = csvRow(["dataset", "field", "position", "description"]);
  for (const name of BULK_DATASETS) {
    const dataset = datasetNamed(name)!;
    dataset.fields.forEach((field, i) => {
      text += csvRow([name, field, i + 1, fieldDoc(name, field) ?? ""]);
    });
  }
  return text;
}

/** `LEEME.md`'s description of each dataset, in Spanish. */
export function codebookDatasets(): string {
  return BULK_DATASETS.map((name) => {
    const doc = DATASET_DOCS[name];
    return `## ${doc.title} (\`${name}.csv\`)\n\n${doc.summary}\n\nOrden: ${doc.order}\n`;
  }).join("\n");
}
