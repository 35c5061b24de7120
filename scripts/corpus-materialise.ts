/**
 * Builds tests/corpus/files/ (git-ignored) from tests/corpus/manifest.json: each real
 * document is taken byte-exact from its public repository at the recorded commit
 * (`git show COMMIT:PATH`), gunzipped only where the manifest says so, and checked
 * against its sha256. The bytes are never committed here (tests/corpus/README.md).
 *
 *   node --import tsx scripts/corpus-materialise.ts --mirrors /work/.mirror
 *   node --import tsx scripts/corpus-materialise.ts --clone   (network: bare, blob-less clones)
 *
 * Options: --mirrors DIR (git mirrors named owner+name/repo, owner/name.git or owner/name),
 * --clone (clone what no mirror holds into --cache, default tmp-local/corpus-git),
 * --out DIR (default tests/corpus/files). Exit 1 when any file is missing or differs.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { readManifest, type CorpusFile } from "../tests/corpus/manifest";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Options {
  mirrors: string[];
  clone: boolean;
  cache: string;
  out: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    mirrors: [],
    clone: false,
    cache: path.join(root, "tmp-local/corpus-git"),
    out: path.join(root, "tests/corpus/files"),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return path.resolve(v);
    };
    if (arg === "--mirrors") options.mirrors.push(value());
    else if (arg === "--clone") options.clone = true;
    else if (arg === "--cache") options.cache = value();
    else if (arg === "--out") options.out = value();
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

const isGitDir = (dir: string) => fs.existsSync(path.join(dir, "HEAD")) && fs.existsSync(path.join(dir, "objects"));

/** A local git directory holding `owner/name`, in the layouts mirrors commonly use. */
function findGitDir(repository: string, options: Options): string | undefined {
  const [owner, name] = repository.split("/") as [string, string];
  const layouts = [
    `${owner}+${name}/repo`,
    `${owner}+${name}/repo/.git`,
    `${owner}+${name}`,
    `${owner}/${name}.git`,
    `${owner}/${name}/.git`,
    `${owner}/${name}`,
  ];
  for (const base of [...options.mirrors, options.cache]) {
    for (const layout of layouts) {
      const dir = path.join(base, layout);
      if (isGitDir(dir)) return dir;
    }
  }
  return undefined;
}

async function cloneInto(repository: string, options: Options): Promise<string> {
  const [owner, name] = repository.split("/") as [string, string];
  const dir = path.join(options.cache, `${owner}/${name}.git`);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  // Blob-less: only the blobs asked for later are fetched, so large repositories stay cheap.
  await run("git", ["clone", "--quiet", "--bare", "--filter=blob:none", `https://github.com/${repository}.git`, dir], {
    maxBuffer: 1 << 20,
  });
  return dir;
}

async function showBlob(gitDir: string, file: CorpusFile): Promise<Buffer> {
  const { stdout } = await run("git", ["--git-dir", gitDir, "show", `${file.commit}:${file.path}`], {
    encoding: "buffer",
    maxBuffer: 256 << 20,
  });
  return stdout;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function materialise(file: CorpusFile, options: Options): Promise<string | undefined> {
  let gitDir = findGitDir(file.repository, options);
  if (gitDir === undefined && options.clone) gitDir = await cloneInto(file.repository, options);
  if (gitDir === undefined) return `no git directory for ${file.repository} (give --mirrors DIR, or --clone where the network allows)`;
  const source = await showBlob(gitDir, file);
  if (file.sourceSha256 !== undefined && sha256(source) !== file.sourceSha256)
    return `${file.repository}:${file.path}@${file.commit} is not the recorded blob`;
  const bytes = file.transform === "gunzip" ? gunzipSync(source) : source;
  if (sha256(bytes) !== file.sha256) return `sha256 differs after ${file.transform ?? "no transformation"}`;
  const target = path.join(options.out, file.kind, file.name);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, bytes);
  return undefined;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const manifest = readManifest();
  let failed = 0;
  for (const file of manifest.files) {
    const problem = await materialise(file, options).catch((error: unknown) =>
      error instanceof Error ? error.message.split("\n")[0] : String(error),
    );
    if (problem !== undefined) {
      failed++;
      console.error(`✗ ${file.kind}/${file.name}: ${problem}`);
    }
  }
  console.log(`${manifest.files.length - failed} of ${manifest.files.length} files in ${path.relative(root, options.out) || options.out}`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
