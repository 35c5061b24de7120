/** The collection figures an outlet's status is made of (SPEC BLK-2, BLK-7): the SQL lives in db/figures/collection-counts.ts, shared with the worker. */
export { captureCounts, probeCounts, readCounts } from "../figures/collection-counts";
