/** The open-data dataset module, shared with the worker's bulk files: defined in db/open-data/datasets/headline-versions.ts. */
export * from "../../../../db/open-data/datasets/headline-versions";
