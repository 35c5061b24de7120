// `npm start` and `npm run worker` (`node scripts/runtime/launch.mjs start|worker`): compile the
// runtime when its sources changed (build.mjs), then run the compiled entry in this process.
import path from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { buildRuntimeIfNeeded, runtimeDir } from "./build.mjs";

const name = process.argv[2];
if (name !== "start" && name !== "worker") {
  process.stderr.write("usage: node scripts/runtime/launch.mjs start|worker\n");
  process.exit(2);
}
try {
  await buildRuntimeIfNeeded((line) =>
    process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), level: "info", component: "launch", event: "build", line })}\n`),
  );
} catch (error) {
  process.stderr.write(`launch: the runtime did not compile: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.resolve(runtimeDir, `${name}.js`)).href);
