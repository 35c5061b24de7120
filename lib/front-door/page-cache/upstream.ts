/** Where the front door sends what its cache cannot answer: one renderer, or a pool of them (scripts/renderer-pool.ts). */

/**
 * A renderer's address, and the key it wants on every request (lib/front-door/renderer-key.ts):
 * a renderer listens on loopback, where any local process could reach it with forged
 * forwarded headers; only requests carrying its key come from the front door.
 */
export interface Upstream {
  host: string;
  port: number;
  key?: string;
}

/** A renderer taken for one request: `release()` once the request is over (idempotent). */
export interface RendererLease extends Upstream {
  release(): void;
}

/** Renderers to choose from; undefined when none is up. */
export interface RendererPool {
  acquire(): RendererLease | undefined;
}

/** A pool of one fixed renderer (tests, a renderer started elsewhere). */
export function singleRenderer(upstream: Upstream): RendererPool {
  return { acquire: () => ({ ...upstream, release() {} }) };
}

/** `upstream` as a pool. */
export function asPool(upstream: Upstream | RendererPool): RendererPool {
  return "acquire" in upstream ? upstream : singleRenderer(upstream);
}
