/**
 * `npm start` builds the site only when its sources changed since the last build:
 * a SHA-256 over the files that go into the Next.js build is kept beside it.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const inputs = ["app", "lib", "db", "public", "next.config.ts", "proxy.ts", "package-lock.json", "tsconfig.json"];
const stampFile = path.join(".next", "hemeroscopio-sources.sha256");

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** Hash of every build input, by path and content. */
export function sourcesHash(root = process.cwd()): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update("\0").update(fs.readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex");
}

/** Run `next build` unless the last build was made from the same sources. */
export function buildIfNeeded(log: (line: string) => void): void {
  const hash = sourcesHash();
  const built =
    fs.existsSync(path.join(".next", "BUILD_ID")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8").trim() === hash;
  if (built) return;
  log("building the site (next build)…");
  const result = spawnSync(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
  fs.writeFileSync(stampFile, hash);
}
