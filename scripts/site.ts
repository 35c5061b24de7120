/**
 * The public site: the front door (lib/front-door: the page cache, the database watch) on
 * the configured address, in front of `HEMEROSCOPIO_SITE_RENDERERS` renderer processes
 * (scripts/site-renderer.ts: the built Next.js app, each on an internal loopback port).
 * The front door does no rendering itself, so a page from the cache never waits behind a
 * render. `npm start` supervises this process; the benchmarks and end-to-end tests start
 * it the same way.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { createLogger } from "../lib/log";
import { pageLifetime } from "../lib/front-door/page-cache/cacheable";
import { createCachingProxy } from "../lib/front-door/page-cache/front-door";
import { createPageStore } from "../lib/front-door/page-cache/store";
import { watchDatabase } from "../lib/front-door/database-watch";
import { startRenderers } from "./renderer-pool";
import type { SiteListening } from "./worker-after-site";

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ component: "site", level: config.logLevel });
  const renderers = startRenderers(config.siteRenderers, process.env, log);
  try {
    await renderers.ready;
  } catch (error) {
    await renderers.stop();
    throw error;
  }
  // Past its time a page is served stale for two more periods while one render replaces it: a
  // reader meets at most one page 3 periods old (90 s by default; outlet, article and story pages: policy.ts pageLifetime), and never waits for a refresh.
  const ttlMs = config.pageCacheSeconds * 1000;
  const base = { ttlMs, staleMs: 2 * ttlMs };
  const store =
    ttlMs > 0 ? createPageStore({ ...base, maxBytes: 64 * 1024 * 1024, lifetime: (key) => pageLifetime(key, base) }) : undefined;
  // OPS-2: while the database is away, readers get a 503 page at once (npm start always sets DATABASE_URL);
  // the one watched is the one public pages read (DATABASE_READ_URL when set).
  const watched = config.databaseReadUrl ?? config.databaseUrl;
  const pinger = watched ? postgres(watched, { max: 1, connect_timeout: 2, idle_timeout: 30, onnotice: () => {} }) : undefined;
  const watch = pinger && watchDatabase({ ping: async () => void (await pinger`select 1`), everyMs: 2_000, log });
  const front = http.createServer(
    createCachingProxy({
      upstream: renderers,
      store,
      unavailable: () => watch?.isDown() ?? false,
      trustProxy: config.trustProxy,
      misses: config.misses,
      apiBudgets: config.apiBudgets,
      onFailure: (fields) => log.warn("request.failed", fields),
    }),
  );
  front.keepAliveTimeout = 5_000;
  await listen(front, config.port, config.host);
  log.info("listening", {
    url: `http://${config.host}:${config.port}/`,
    pageCacheSeconds: config.pageCacheSeconds,
    renderers: config.siteRenderers,
  });
  process.send?.({ type: "site-listening" } satisfies SiteListening);

  await new Promise<void>((resolve) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => resolve());
  });
  watch?.stop();
  await pinger?.end({ timeout: 1 });
  front.close();
  front.closeAllConnections();
  await renderers.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => exitWithError("site", error),
);
