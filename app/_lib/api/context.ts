/** The open-data API's context, shared with the worker's bulk files: defined in db/open-data/context.ts. */
export * from "../../../db/open-data/context";
