/** The open-data API's params, shared with the worker's bulk files: defined in db/open-data/params.ts. */
export * from "../../../db/open-data/params";
