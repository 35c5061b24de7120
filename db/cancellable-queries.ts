/**
 * Statements cancelled with the render that started them. A renderer runs each request
 * inside `withinRender` with a signal that aborts when the front door closes the request's
 * connection (the reader left, or the front door gave up at its timeout); every statement
 * that request started through a pool wrapped by `cancellableWithinRenders` and that is
 * still queued or running is then cancelled (postgres.js sends PostgreSQL a CancelRequest,
 * the statement ends with 57014), and statements it starts afterwards are cancelled as soon
 * as they run. So an abandoned year-long page stops costing PostgreSQL at once, instead of
 * running on for a minute after its reader has gone (docs/architecture.md, "front door").
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import type postgres from "postgres";

/**
 * One render's statements, and whether it was abandoned. Held weakly: a finished statement's
 * rows belong to whoever awaited it, and an export that walks a hundred pages of rows must
 * not keep them all until it ends (held strongly, two exports of two months each filled a
 * renderer's 512 MiB heap).
 */
interface Render {
  signal: AbortSignal;
  queries: Set<WeakRef<PendingQuery>>;
}

/**
 * One store per process, found by a registered symbol: the renderer's entry (scripts/site-renderer.ts)
 * and the pages' bundle (Next.js compiles its own copy of this module) must share it.
 */
const RENDER_KEY = Symbol.for("hemeroscopio.render-statements");
const render: AsyncLocalStorage<Render> = ((globalThis as Record<symbol, unknown>)[RENDER_KEY] ??=
  new AsyncLocalStorage<Render>()) as AsyncLocalStorage<Render>;

/** Run `work` as one render: statements it starts are cancelled once `signal` aborts. */
export function withinRender<T>(signal: AbortSignal, work: () => T): T {
  const current: Render = { signal, queries: new Set() };
  // One listener per render, not per statement (a page runs dozens).
  signal.addEventListener("abort", () => current.queries.forEach((query) => cancelIfPending(query.deref())), { once: true });
  return render.run(current, work);
}

/**
 * A request handler whose statements are cancelled when the request's connection closes
 * before its answer was sent (what the front door does to a render nobody waits for).
 */
export function cancelledWhenAbandoned(
  handler: (request: IncomingMessage, response: ServerResponse) => unknown,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const abandoned = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) abandoned.abort();
    });
    withinRender(abandoned.signal, () => void handler(request, response));
  };
}

/** What of postgres.js's pending query this module reads (postgres 3.4.9, pinned in package.json). */
interface PendingQuery {
  cancel(): unknown;
  /** Awaited by someone (a fragment inside another statement never is). */
  executed: boolean;
  /** Sent on a connection and not yet answered. */
  active: boolean;
  /** The connection it runs on; null while it waits for one. */
  state: unknown;
}

function isQuery(value: unknown): value is PendingQuery {
  return typeof value === "object" && value !== null && typeof (value as PendingQuery).cancel === "function" && "executed" in value;
}

/** Cancel `query` if it is waiting for a connection or running; a finished one (or a fragment) is left alone. */
function cancelIfPending(query: PendingQuery | undefined): void {
  // A finished query keeps its connection's state: cancelling it would cancel whatever that connection runs now.
  if (query?.executed && (query.active || query.state === null)) void query.cancel();
}

/** Follow `query` for the render it was started in, if any. */
function follow<T>(query: T): T {
  const current = render.getStore();
  if (!current || !isQuery(query)) return query;
  // Checked once the caller has awaited it (execution starts a tick later): a fragment is never executed.
  if (current.signal.aborted) setImmediate(() => cancelIfPending(query));
  // A statement still waiting or running is held by postgres.js itself, so the weak reference lasts as long as it matters.
  else current.queries.add(new WeakRef(query));
  return query;
}

/**
 * `sql` whose statements — tagged templates and `unsafe` (what drizzle-orm sends) — are
 * cancelled with the render that started them. Outside a render it behaves as `sql`.
 */
export function cancellableWithinRenders(sql: postgres.Sql): postgres.Sql {
  const unsafe: postgres.Sql["unsafe"] = (...args) => follow(sql.unsafe(...args));
  return new Proxy(sql, {
    apply: (target, self, args: unknown[]) => follow(Reflect.apply(target, self, args) as unknown),
    get: (target, name, receiver) => (name === "unsafe" ? unsafe : Reflect.get(target, name, receiver)),
  });
}
