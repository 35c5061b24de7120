/**
 * CHANGELOG.md as the running product reads it: from the project's root, the directory every
 * process of `npm start`, `npm run worker` and the site is started in. Read once per process.
 */
import fs from "node:fs";
import path from "node:path";
import { parseChangelog, type Release } from "./changelog";

let cached: Release[] | undefined;

/** The releases of CHANGELOG.md; none when the file is missing (a checkout without it). */
export function readChangelog(root = process.cwd()): Release[] {
  if (cached && root === process.cwd()) return cached;
  let text: string;
  try {
    text = fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  } catch {
    return [];
  }
  const releases = parseChangelog(text);
  if (root === process.cwd()) cached = releases;
  return releases;
}
