/** The open-data API's cursor, shared with the worker's bulk files: defined in db/open-data/cursor.ts. */
export * from "../../../db/open-data/cursor";
