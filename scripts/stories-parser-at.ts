/**
 * The front-page parser of the commit that extracted a labelled story set, taken from the
 * project's own git history into a temporary directory: the labels were written on the texts
 * that parser read, and the parser has changed since (legal links, breaking banners, label
 * headings), so today's parser gives other items. The set's own extraction code (tests/stories)
 * runs beside that parser, so `scripts/stories-materialise.ts` rebuilds the pinned items
 * byte-exact from any later checkout that holds the commit in its history.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { StoryItem, StorySourceFile } from "../tests/stories/manifest";

const run = promisify(execFile);

/** What a set's extraction needs: captures in, items out. */
export type Extract = (captures: readonly { file: StorySourceFile; bytes: Uint8Array }[]) => StoryItem[];

/** The extraction functions of the set's code, run with the parser of `commit`; `dispose` removes the copy. */
export interface ParserAt {
  extractStoryItems: Extract;
  extractDescribedItems: Extract;
  dispose(): void;
}

/** Whether the checkout at `root` holds `commit` (a shallow clone may not: `git fetch --unshallow`). */
export async function hasCommit(root: string, commit: string): Promise<boolean> {
  try {
    await run("git", ["-C", root, "cat-file", "-e", `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies `crawler/` and `lib/` of `commit` (and the TypeScript settings) out of the checkout
 * at `root`, puts today's tests/stories extraction code beside them, and loads it.
 */
export async function parserAt(root: string, commit: string): Promise<ParserAt> {
  if (!(await hasCommit(root, commit)))
    throw new Error(`commit ${commit} is not in this checkout's history: fetch it (git fetch --unshallow, or git fetch origin ${commit})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stories-parser-"));
  const dispose = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const tar = path.join(dir, "parser.tar");
    await run("git", ["-C", root, "archive", "--format=tar", "-o", tar, commit, "crawler", "lib", "tsconfig.json", "package.json"]);
    await run("tar", ["-xf", tar, "-C", dir]);
    fs.rmSync(tar);
    fs.cpSync(path.join(root, "tests/stories"), path.join(dir, "tests/stories"), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}files`) && (fs.statSync(source).isDirectory() || source.endsWith(".ts")),
    });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    const load = async (file: string) => (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, Extract>;
    const titles = await load("tests/stories/extract.ts");
    const described = await load("tests/stories/described/extract.ts");
    return { extractStoryItems: titles.extractStoryItems!, extractDescribedItems: described.extractDescribedItems!, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
