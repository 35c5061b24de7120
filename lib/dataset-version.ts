/**
 * The version of the open data (SPEC WEB-9): what a paper cites beside the day it read the data.
 * It changes when a dataset's fields or their meaning change (docs/citing.md says how), not with
 * each capture: the rows grow every few minutes, so a citation names the version and the day.
 */

/** The open data's version (semantic: a removed or redefined field is a major change). */
export const DATASET_VERSION = "1.1.0";
/** The day this version was published (`AAAA-MM-DD`). */
export const DATASET_VERSION_DATE = "2026-12-05";

/** The version as exports name it: `hemeroscopio-datos-1.1.0`. */
export const DATASET_VERSION_NAME = `hemeroscopio-datos-${DATASET_VERSION}`;
