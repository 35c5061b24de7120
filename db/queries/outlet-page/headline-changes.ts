/** Headline tests and rewrites per outlet (SPEC DER-6): the SQL lives in db/figures/headline-changes.ts, shared with the worker. */
import "server-only";
export { loadHeadlineTestCounts, NO_HEADLINE_CHANGES, type HeadlineTestCounts } from "../../figures/headline-changes";
