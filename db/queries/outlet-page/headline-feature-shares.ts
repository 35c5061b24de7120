/** Headline features per outlet over a period (SPEC DER-1, WEB-5): the SQL lives in db/figures/headline-feature-shares.ts, shared with the worker. */
import "server-only";
export { loadHeadlineFeatureCounts, type HeadlineFeatureCounts } from "../../figures/headline-feature-shares";
