/**
 * Builds tests/stories/files/items.jsonl (git-ignored) from tests/stories/manifest.json: each
 * home-page capture is taken byte-exact from its public repository at the recorded commit
 * (`git show COMMIT:PATH`), checked against its sha256, and its article links become items,
 * read by the front-page parser of the manifest's `extractedAt` commit, taken from the
 * project's own history (stories-parser-at.ts), so any later checkout rebuilds the same bytes.
 * Nothing fetched is ever committed.
 *
 *   node --import tsx scripts/stories-materialise.ts --mirrors /work/.mirror
 *
 *   node --import tsx scripts/stories-materialise.ts --mirrors /work/.mirror --described
 *
 *   node --import tsx scripts/stories-materialise.ts --mirrors /work/.mirror --later
 *
 *   node --import tsx scripts/stories-materialise.ts --mirrors /work/.mirror --april
 *
 * Options: --described (the described set: tests/stories/described/manifest.json to its
 * files/items.jsonl, headline and teaser summary), --later (the later day's set, held out whole:
 * tests/stories/later/, extracted as the described set), --april (the same pages a month later,
 * held out whole: tests/stories/april/, extracted as the described set), --mirrors DIR (git mirrors named owner+name/repo, as `fetch` lays them out; also
 * owner/name.git or owner/name), --update (write the items' sha256 and count into the manifest
 * instead of checking them). Exit 1 when a file is missing or differs, or when the manifest names
 * a held-back capture (HELD_BACK_CAPTURES).
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { itemsJsonl } from "../tests/stories/extract";
import { readStoriesManifest, STORY_SET_DIRS, type StorySet, type StorySourceFile } from "../tests/stories/manifest";
import { parserAt } from "./stories-parser-at";

/**
 * Captures held back for an independent check of story clustering: nothing may be taken from
 * them, so a manifest naming one is refused before any byte is read. An outlet is matched by
 * the entry's outlet, page address or path; `captured` is a prefix of the capture time (UTC).
 */
export const HELD_BACK_CAPTURES: readonly { outlet: string; captured: string }[] = [
  { outlet: "fr.de", captured: "2022-01" },
  { outlet: "volksstimme.de", captured: "2022-01" },
  { outlet: "fr.de", captured: "2026-01-01" },
  { outlet: "volksstimme.de", captured: "2026-01-01" },
];
/** Repositories held back for the same check: no file of theirs is read. */
export const HELD_BACK_REPOSITORIES: readonly string[] = ["defgsus/frontpage-archive-2026"];

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, "") : "");

/** Why a manifest entry is held back, or undefined when it may be read. */
export function heldBack(file: StorySourceFile): string | undefined {
  if (HELD_BACK_REPOSITORIES.includes(file.repository.toLowerCase())) return `${file.repository} is a held-back repository`;
  const names = new Set([file.outlet.toLowerCase().replace(/^www\./, ""), hostOf(file.pageUrl), ...file.path.toLowerCase().split("/")]);
  const rule = HELD_BACK_CAPTURES.find((r) => names.has(r.outlet) && file.captured.startsWith(r.captured));
  return rule && `${rule.outlet} captures of ${rule.captured} are held back`;
}

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
/** The commit whose front-page parser extracted the labelled items (tests/stories/GUIDE.md). */
const EXTRACTED_AT = "34e24d5813fedcb817c5b222d8b248b2f2921872";
const isGitDir = (dir: string) => fs.existsSync(path.join(dir, "HEAD")) && fs.existsSync(path.join(dir, "objects"));

function findGitDir(repository: string, mirrors: string[]): string | undefined {
  const [owner, name] = repository.split("/") as [string, string];
  const layouts = [`${owner}+${name}/repo`, `${owner}+${name}`, `${owner}/${name}.git`, `${owner}/${name}`];
  for (const base of mirrors) for (const layout of layouts) if (isGitDir(path.join(base, layout))) return path.join(base, layout);
  return undefined;
}

async function bytesOf(file: StorySourceFile, mirrors: string[]): Promise<Buffer> {
  const gitDir = findGitDir(file.repository, mirrors);
  if (gitDir === undefined) throw new Error(`no git directory for ${file.repository} under ${mirrors.join(", ")}`);
  const { stdout } = await run("git", ["--git-dir", gitDir, "show", `${file.commit}:${file.path}`], {
    encoding: "buffer",
    maxBuffer: 64 << 20,
  });
  if (sha256(stdout) !== file.sha256)
    throw new Error(`${file.repository} ${file.commit}:${file.path} has sha256 ${sha256(stdout)}, the manifest says ${file.sha256}`);
  return stdout;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const mirrors = args.flatMap((a, i) => (args[i - 1] === "--mirrors" ? [path.resolve(a)] : []));
  if (mirrors.length === 0) mirrors.push("/work/.mirror");
  // Every set but the titles set is named by its own option and extracted with summaries.
  const set = (Object.keys(STORY_SET_DIRS) as StorySet[]).find((name) => name !== "titles" && args.includes(`--${name}`)) ?? "titles";
  const manifest = readStoriesManifest(root, set);
  const itemsFile = path.join(root, STORY_SET_DIRS[set], "files", "items.jsonl");
  const refused = manifest.files.flatMap((f) => {
    const why = heldBack(f);
    return why === undefined ? [] : [`${f.outlet} ${f.captured} ${f.repository} ${f.commit}:${f.path} (${why})`];
  });
  if (refused.length > 0)
    throw new Error(
      `the manifest names ${refused.length} capture(s) held back for an independent check; remove them:\n  ${refused.join("\n  ")}`,
    );
  const captures = [];
  for (const file of manifest.files) captures.push({ file, bytes: await bytesOf(file, mirrors) });
  // The items are what the parser of `extractedAt` read (the labels were written on them),
  // taken from the project's history: today's parser reads some links otherwise.
  const parser = await parserAt(root, manifest.extractedAt || EXTRACTED_AT);
  let text: string;
  try {
    text = itemsJsonl(set === "titles" ? parser.extractStoryItems(captures) : parser.extractDescribedItems(captures));
  } finally {
    parser.dispose();
  }
  const count = text.split("\n").length - 1;
  fs.mkdirSync(path.dirname(itemsFile), { recursive: true });
  fs.writeFileSync(itemsFile, text);
  if (args.includes("--update")) {
    const file = path.join(root, STORY_SET_DIRS[set], "manifest.json");
    fs.writeFileSync(file, JSON.stringify({ ...manifest, itemsSha256: sha256(text), itemCount: count }, null, 1) + "\n");
  } else if (sha256(text) !== manifest.itemsSha256) {
    throw new Error(
      `items.jsonl has sha256 ${sha256(text)} (${count} items), the manifest says ${manifest.itemsSha256} (${manifest.itemCount}): ` +
        `extracted with the front-page parser of commit ${manifest.extractedAt || EXTRACTED_AT} and the extraction code of tests/stories (tests/stories/GUIDE.md)`,
    );
  }
  console.log(`${path.relative(root, itemsFile)}: ${count} items from ${manifest.files.length} captures`);
}

// Run only as a command: the tests import the held-back rules without materialising anything.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
