/** Wiring of the open-data endpoints into Next.js route handlers (SPEC WEB-3), on the site's database. */
import "server-only";
import { appConfig, database } from "../../db/server";
import { createLogger, errorMessage, type Logger } from "../log";
import { answerApi, type Endpoint } from "./answer";

let log: Logger | undefined;

/** Answer `request` with `endpoint`; unexpected failures are logged and answered 503. */
export function serveApi(request: Request, endpoint: Endpoint): Promise<Response> {
  return answerApi(async () => (await database()).db, request, endpoint, (error) => {
    log ??= createLogger({ component: "api", level: appConfig().logLevel });
    const code = (error as { code?: unknown } | null)?.code;
    log.error("api_failed", { path: new URL(request.url).pathname, error: errorMessage(error), code: typeof code === "string" ? code : undefined });
  });
}
