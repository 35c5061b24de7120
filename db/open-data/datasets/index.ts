/** Every open-data dataset by URL name (SPEC WEB-3). */
import { articlesDataset } from "./articles";
import { headlineVersionsDataset } from "./headline-versions";
import { outletsDataset } from "./outlets";
import { rankSpansDataset } from "./rank-spans";
import { storiesDataset } from "./stories";
import type { Dataset } from "./types";

/** The datasets, in the order the documentation lists them. */
export const DATASETS: readonly Dataset[] = [outletsDataset, articlesDataset, headlineVersionsDataset, rankSpansDataset, storiesDataset];

/** The dataset named `name`, or undefined. */
export function datasetNamed(name: string): Dataset | undefined {
  return DATASETS.find((d) => d.name === name);
}
