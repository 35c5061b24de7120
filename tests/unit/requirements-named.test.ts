/**
 * Every requirement of docs/requirements.md is named by a test that proves it, and every ID a
 * test names is a requirement: the list and the suite cannot drift apart.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const ID = /\b([A-Z]{2,4}-\d{1,2})\b/g;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith(".test.ts") ? [full] : [];
  });
}

const listed = [...fs.readFileSync(path.join(root, "docs/requirements.md"), "utf8").matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm)].map(
  (m) => m[1]!,
);
const named = new Set(testFiles(path.join(root, "tests")).flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(ID)].map((m) => m[1]!)));
const prefixes = new Set(listed.map((id) => id.split("-")[0]!));

describe("the requirements and the tests", () => {
  it("lists each requirement once", () => {
    expect(listed.length).toBeGreaterThan(90);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("names every requirement in at least one test", () => {
    expect(listed.filter((id) => !named.has(id))).toEqual([]);
  });

  it("names no requirement that the list does not have", () => {
    const unknown = [...named].filter((id) => prefixes.has(id.split("-")[0]!) && !listed.includes(id));
    expect(unknown.sort()).toEqual([]);
  });
});
