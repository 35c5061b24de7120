/**
 * The house's floors, enforced (docs/architecture.md, "Layering rule"): imports only point
 * down, lib/ → db/ → {crawler/, app/} → scripts/, and inside crawler/ a stage imports only
 * the stages before it: schedule → politeness (the gate) → fetch → parse → record → derive,
 * with the jobs, the notices and the composition root above them all. Run by `npm run lint`;
 * tests/unit/house/layering.test.ts shows a wrong import failing.
 */
const stages = ["schedule", "politeness", "fetch", "parse", "record", "derive"];
const above = ["jobs", "notify"];
const top = "crawler/[^/]+\\.ts$";

/** One rule per stage: nothing after it, nor what sits above the stages. */
const stageRules = stages.map((stage, i) => ({
  name: `crawler-${stage}-looks-back`,
  comment: `crawler/${stage}/ may import only the stages before it (${stages.slice(0, i).join(", ") || "none"}), lib/ and db/`,
  severity: "error",
  from: { path: `^crawler/${stage}/` },
  to: { path: [...stages.slice(i + 1).map((s) => `^crawler/${s}/`), ...above.map((s) => `^crawler/${s}/`), `^${top}`] },
}));

module.exports = {
  forbidden: [
    {
      name: "lib-is-the-ground-floor",
      comment: "lib/ imports only lib/ and packages",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: ["^db/", "^crawler/", "^app/", "^scripts/", "^tests/", "^proxy\\.ts$"] },
    },
    {
      name: "db-sits-on-lib",
      comment: "db/ imports only lib/, db/ and packages",
      severity: "error",
      from: { path: "^db/" },
      to: { path: ["^crawler/", "^app/", "^scripts/", "^tests/", "^proxy\\.ts$"] },
    },
    {
      name: "app-never-crawls",
      comment: "app/ (and the Next.js proxy) import lib/, db/ and app/, never the crawler",
      severity: "error",
      from: { path: ["^app/", "^proxy\\.ts$"] },
      to: { path: ["^crawler/", "^scripts/", "^tests/"] },
    },
    {
      name: "crawler-never-serves",
      comment: "crawler/ imports lib/, db/ and crawler/, never the site",
      severity: "error",
      from: { path: "^crawler/" },
      to: { path: ["^app/", "^scripts/", "^tests/", "^proxy\\.ts$"] },
    },
    ...stageRules,
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|dist|data|tmp-local)/" },
    includeOnly: "^(lib|db|crawler|app|scripts|proxy\\.ts)",
  },
};
