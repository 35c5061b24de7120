/**
 * The house's floors are enforced by the same rules `npm run lint` runs
 * (.dependency-cruiser.cjs, over the project's own tree): a fixture tree with deliberately
 * wrong imports fails them.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const rules = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs"));

async function violations(baseDir: string, folders: string[]) {
  const { tsConfig: _projectOnly, ...options } = rules.options;
  Object.assign(options, { baseDir, validate: true, ruleSet: { forbidden: rules.forbidden } });
  const result = await cruise(folders, options);
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe("layering", () => {
  test("lib/ importing db/ and a stage importing a later stage are violations", async () => {
    const found = await violations(path.join(root, "tests/fixtures/house"), ["lib", "db", "crawler"]);
    expect(found.sort()).toEqual([
      "crawler-parse-looks-back: crawler/parse/reads-ahead.ts → crawler/record/writer.ts",
      "lib-is-the-ground-floor: lib/reads-the-database.ts → db/handle.ts",
    ]);
  });
});
