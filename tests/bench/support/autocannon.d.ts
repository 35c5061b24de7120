/** The part of autocannon (no bundled types) the site benchmark uses. */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  interface Options { url: string; connections?: number; duration?: number; amount?: number; timeout?: number; headers?: Record<string, string> }
  interface Histogram { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total?: number }
  interface Result { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; duration: number; [key: string]: unknown }
  interface Instance extends EventEmitter, PromiseLike<Result> { stop(): void }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
