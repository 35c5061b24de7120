/** The open-data read model, shared with the worker's bulk files: defined in db/open-data/sql/api-sql.ts. */
import "server-only";
export * from "../../open-data/sql/api-sql";
