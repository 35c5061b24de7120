/** The start-up rule of the delay figures (SPEC DER-8, WEB-7): the SQL lives in db/figures/reading-start.ts, shared with the worker. */
import "server-only";
export { readingStartedAt } from "../figures/reading-start";
