/**
 * The public site: the built Next.js app on an internal loopback port, behind the page
 * cache (lib/page-cache) on the configured address. `npm start` supervises this process;
 * the benchmarks and end-to-end tests start it the same way.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { createLogger } from "../lib/log";
import { createCachingProxy } from "../lib/page-cache/proxy";
import { createPageStore } from "../lib/page-cache/store";

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ component: "site", level: config.logLevel });
  const app = next({ dev: false, dir: process.cwd(), hostname: "127.0.0.1" });
  await app.prepare();
  const handle = app.getRequestHandler();
  const renderer = http.createServer((request, response) => void handle(request, response));
  const internal = await listen(renderer, 0, "127.0.0.1");
  const store = config.pageCacheSeconds > 0 ? createPageStore({ ttlMs: config.pageCacheSeconds * 1000, maxBytes: 64 * 1024 * 1024 }) : undefined;
  const front = http.createServer(createCachingProxy({ upstream: { host: "127.0.0.1", port: internal.port }, store }));
  front.keepAliveTimeout = 5_000;
  await listen(front, config.port, config.host);
  log.info("listening", { url: `http://${config.host}:${config.port}/`, pageCacheSeconds: config.pageCacheSeconds });

  await new Promise<void>((resolve) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => resolve());
  });
  front.close();
  front.closeAllConnections();
  renderer.close();
  renderer.closeAllConnections();
  await app.close();
}

main().then(() => process.exit(0), (error: unknown) => exitWithError("site", error));
