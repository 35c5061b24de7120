/** The whole data model (docs/architecture.md); later issues extend it through new migrations. */
export * from "./outlets";
export * from "./articles";
export * from "./derived";
export * from "./publishers";
export * from "./operator";
export * from "./retention";
export * from "./aggregates";
export * from "./front-page-days";
export * from "./outlet-status";
export * from "./outlet-recent-figures";
export * from "./outlet-page-days";
export * from "./front-page-stays";
export * from "./front-page-reaches";
export * from "./headline-word-days";
