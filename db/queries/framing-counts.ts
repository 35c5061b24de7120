/** Framing letters per outlet over a period (SPEC DER-4, WEB-2): the SQL lives in db/figures/framing-counts.ts, shared with the worker. */
import "server-only";
export { loadFramingCounts, type FramingCounts } from "../figures/framing-counts";
