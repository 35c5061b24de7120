/** The open-data API's errors, shared with the worker's bulk files: defined in db/open-data/errors.ts. */
export * from "../../../db/open-data/errors";
