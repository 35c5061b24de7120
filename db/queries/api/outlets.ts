/** The open-data read model, shared with the worker's bulk files: defined in db/open-data/sql/outlets.ts. */
import "server-only";
export * from "../../open-data/sql/outlets";
