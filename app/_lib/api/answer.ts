/**
 * One open-data answer (SPEC WEB-3): load the policies in force (PUB-6), run the
 * endpoint, and turn every failure into a JSON answer — ApiError as its status,
 * anything else as a 503 — never a 500. The database and the error log are injected.
 */
import type { Executor } from "../../../db/client";
import { loadApiScope, type ApiContext, type ApiScope } from "../../../db/open-data/context";
import { ApiError } from "../../../db/open-data/errors";

/** An endpoint: the request's context and the request in, a Response out. */
export type Endpoint = (ctx: ApiContext, request: Request) => Promise<Response>;

/** Answer `request` with `endpoint` over `db()`; failures other than ApiError go to `onError`; `scope` may be cached. */
export async function answerApi(
  db: () => Promise<Executor>,
  request: Request,
  endpoint: Endpoint,
  onError: (error: unknown) => void,
  now = Date.now(),
  scope: (db: Executor) => Promise<ApiScope> = loadApiScope,
): Promise<Response> {
  try {
    const executor = await db();
    return await endpoint({ ...(await scope(executor)), db: executor, now }, request);
  } catch (error) {
    if (error instanceof ApiError) return error.toResponse();
    onError(error);
    return new ApiError("unavailable", "the data is temporarily unavailable; try again in a minute").toResponse();
  }
}
