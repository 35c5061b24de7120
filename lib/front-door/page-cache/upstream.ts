/** Where the front door sends what its cache cannot answer: one renderer, or a pool of them (scripts/renderer-pool.ts). */

/** A renderer's address. */
export interface Upstream { host: string; port: number }

/** A renderer taken for one request: `release()` once the request is over (idempotent). */
export interface RendererLease extends Upstream { release(): void }

/** Renderers to choose from; undefined when none is up. */
export interface RendererPool { acquire(): RendererLease | undefined }

/** A pool of one fixed renderer (tests, a renderer started elsewhere). */
export function singleRenderer(upstream: Upstream): RendererPool {
  return { acquire: () => ({ ...upstream, release() {} }) };
}

/** `upstream` as a pool. */
export function asPool(upstream: Upstream | RendererPool): RendererPool {
  return "acquire" in upstream ? upstream : singleRenderer(upstream);
}
