/** Wiring of the open-data endpoints into Next.js route handlers (SPEC WEB-3), on the site's read database (db/server.ts). */
import "server-only";
import { appConfig, readDatabase, siteClock } from "../../../db/server";
import { createLogger, errorMessage, type Logger } from "../../../lib/log";
import { answerApi, type Endpoint } from "./answer";
import { loadApiScope, type ApiScope } from "../../../db/open-data/context";
import type { Executor } from "../../../db/client";

let log: Logger | undefined;

/**
 * Policies and outlets are re-read at most every 5 s: three small queries saved per
 * request, while an exclusion still applies within seconds (PUB-2 allows 15 minutes).
 */
const SCOPE_TTL_MS = 5_000;
let cached: { at: number; scope: Promise<ApiScope> } | undefined;

function cachedScope(db: Executor): Promise<ApiScope> {
  const now = Date.now();
  if (!cached || now - cached.at > SCOPE_TTL_MS) {
    const scope = loadApiScope(db);
    cached = { at: now, scope };
    scope.catch(() => {
      if (cached?.scope === scope) cached = undefined;
    });
  }
  return cached.scope;
}

/** Answer `request` with `endpoint`; unexpected failures are logged and answered 503. */
export function serveApi(request: Request, endpoint: Endpoint): Promise<Response> {
  return answerApi(
    async () => (await readDatabase()).db,
    request,
    endpoint,
    (error) => {
      log ??= createLogger({ component: "api", level: appConfig().logLevel });
      const code = (error as { code?: unknown } | null)?.code;
      log.error("api_failed", {
        path: new URL(request.url).pathname,
        error: errorMessage(error),
        code: typeof code === "string" ? code : undefined,
      });
    },
    siteClock().now(),
    cachedScope,
  );
}
