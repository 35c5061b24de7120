import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Six projects sorted by cost (docs/style.md §18), run one group after another so the
 * heavy ones get the machine to themselves: unit and fuzz (property-based, FUZZ_RUNS
 * cases per property, tests/fuzz/runs.ts), integration, crawls (the real worker against
 * the simulated web, one file at a time), resilience (the worker killed and restarted,
 * one file at a time), e2e (Chromium against `next start`, one file at a time).
 */
const crawls = [
  "tests/integration/politeness/crawl-sim.test.ts",
  "tests/integration/collection/**/*.test.ts",
  "tests/integration/collection/simulated-day.test.ts",
  "tests/integration/analysis/stories.test.ts",
];

export default defineConfig({
  // `server-only` guards the site's read models against a client bundle; Next.js resolves it
  // under its react-server condition, the tests import those modules directly.
  resolve: { alias: { "@": root, "server-only": `${root}node_modules/server-only/empty.js` } },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: "fuzz", include: ["tests/fuzz/**/*.fuzz.test.ts"], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: crawls,
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "crawls",
          include: crawls,
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          globalSetup: ["tests/support/global-database.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/global-database.ts", "tests/support/global-site.ts"],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
