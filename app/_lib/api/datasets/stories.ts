/** The open-data dataset module, shared with the worker's bulk files: defined in db/open-data/datasets/stories.ts. */
export * from "../../../../db/open-data/datasets/stories";
