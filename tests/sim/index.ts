/** The simulated web: public API for integration tests, benchmarks and the demo. */
export { startSimulatedWeb, type SimulatedWeb, type SimulatedWebOptions } from "./server";
export { createFakeClock, realClock, type FakeClock, type SimClock } from "./clock";
export { simOutlets, hostsOf, PATHS, type SimOutlet, type HostRole, type TdmMode } from "./outlets";
export { toOutletsFile, writeSimOutletsFile, type OutletsFileEntry } from "./outlets-file";
export type { AccessLogEntry } from "./access-log";
export type { GroundTruth, TruthArticle, TruthStory, TruthText } from "./truth";
export type { FrontPageSlot } from "./front-page-model";
export type { HeadlineVersion, HeadlinePattern } from "./headline-history";
export type * from "./scenarios/types";
export * from "./presets";
export { encodeWindows1252 } from "./scenarios/windows-1252";
