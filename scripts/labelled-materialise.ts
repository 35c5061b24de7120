/**
 * Builds tests/labelled/files/ (git-ignored) from tests/labelled/manifest.json: each set's
 * archive is taken byte-exact from its public repository at the recorded commit
 * (`git show COMMIT:PATH`), checked against its sha256, and the files the manifest lists
 * are taken out of it (gzip + tar) and checked too. Nothing fetched is ever committed.
 *
 *   node --import tsx scripts/labelled-materialise.ts --mirrors /work/.mirror
 *   node --import tsx scripts/labelled-materialise.ts --clone   (network: a bare, blob-less clone)
 *
 * Options: --mirrors DIR (git mirrors named owner+name/repo, owner/name.git or owner/name),
 * --clone (clone what no mirror holds into tmp-local/labelled-git). Exit 1 when any file is
 * missing or differs.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { FILES_DIR, readLabelledManifest, type LabelledSet } from "../tests/labelled/manifest";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cache = path.join(root, "tmp-local/labelled-git");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const isGitDir = (dir: string) => fs.existsSync(path.join(dir, "HEAD")) && fs.existsSync(path.join(dir, "objects"));

/** A local git directory holding `owner/name`, in the layouts mirrors commonly use. */
function findGitDir(repository: string, mirrors: string[]): string | undefined {
  const [owner, name] = repository.split("/") as [string, string];
  const layouts = [
    `${owner}+${name}/repo`,
    `${owner}+${name}/repo/.git`,
    `${owner}+${name}`,
    `${owner}/${name}.git`,
    `${owner}/${name}/.git`,
    `${owner}/${name}`,
  ];
  for (const base of [...mirrors, cache])
    for (const layout of layouts) if (isGitDir(path.join(base, layout))) return path.join(base, layout);
  return undefined;
}

/** The regular files of a POSIX tar archive, by name (ustar headers: name at 0, size in octal at 124, type at 156). */
export function untar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512);
    const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    if (name === "") break;
    const size = parseInt(header.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim() || "0", 8);
    const type = String.fromCharCode(header[156]!);
    if (type === "0" || type === "\0") files.set(path.posix.basename(name), archive.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

async function materialise(set: LabelledSet, mirrors: string[], clone: boolean): Promise<string[]> {
  let gitDir = findGitDir(set.repository, mirrors);
  if (gitDir === undefined && clone) {
    gitDir = path.join(cache, `${set.repository}.git`);
    fs.mkdirSync(path.dirname(gitDir), { recursive: true });
    await run("git", ["clone", "--quiet", "--bare", "--filter=blob:none", `https://github.com/${set.repository}.git`, gitDir]);
  }
  if (gitDir === undefined) return [`no git directory for ${set.repository} (give --mirrors DIR, or --clone where the network allows)`];
  const { stdout } = await run("git", ["--git-dir", gitDir, "show", `${set.commit}:${set.path}`], {
    encoding: "buffer",
    maxBuffer: 256 << 20,
  });
  if (sha256(stdout) !== set.sourceSha256) return [`${set.repository}:${set.path}@${set.commit} is not the recorded archive`];
  const inside = untar(gunzipSync(stdout));
  const problems: string[] = [];
  for (const file of set.files) {
    const bytes = inside.get(file.name);
    if (!bytes || sha256(bytes) !== file.sha256) {
      problems.push(`${file.name}: ${bytes ? "sha256 differs" : "not in the archive"}`);
      continue;
    }
    fs.mkdirSync(path.join(FILES_DIR, set.name), { recursive: true });
    fs.writeFileSync(path.join(FILES_DIR, set.name, file.name), bytes);
  }
  return problems;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const mirrors: string[] = [];
  let clone = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--mirrors" && argv[i + 1] !== undefined) mirrors.push(path.resolve(argv[++i]!));
    else if (argv[i] === "--clone") clone = true;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  let failed = 0;
  for (const set of readLabelledManifest().sets) {
    const problems = await materialise(set, mirrors, clone).catch((error: unknown) => [
      error instanceof Error ? error.message.split("\n")[0]! : String(error),
    ]);
    for (const p of problems) console.error(`✗ ${set.name}: ${p}`);
    failed += problems.length;
    if (problems.length === 0)
      console.log(`${set.name}: ${set.files.length} files in ${path.relative(root, path.join(FILES_DIR, set.name))}`);
  }
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
