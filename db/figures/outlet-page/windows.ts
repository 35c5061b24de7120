/** The outlet page's default windows, when no period is chosen (SPEC WEB-1), shared with the figures the worker keeps for it. */
import { DAY_MS } from "../page-sql";

/** The position timelines: the last 24 hours. */
export const TIMELINES_WINDOW_MS = DAY_MS;
/** Every other figure of the past: the last 7 days. */
export const FIGURES_WINDOW_MS = 7 * DAY_MS;
