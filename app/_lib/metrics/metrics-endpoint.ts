/**
 * `/metrics` (SPEC OPS-5), closed to the public: answered only to a reader on this machine (as
 * the front door judged it, lib/front-door/reader-loopback.ts) or to one that presents
 * `Authorization: Bearer <HEMEROSCOPIO_METRICS_TOKEN>`. Anyone else gets a 401 and no figure.
 */
import { timingSafeEqual } from "node:crypto";
import type { CurrentMetrics } from "../../../db/queries/admin/metrics";
import { READER_LOOPBACK_HEADER } from "../../../lib/front-door/reader-loopback";
import { METRICS_CONTENT_TYPE, metricsText } from "./metrics-text";

/** True when `authorization` is `Bearer <token>` (constant-time), and a token is configured. */
export function carriesMetricsToken(authorization: string | null, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!m) return false;
  const a = Buffer.from(m[1]!);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a request may read the figures. */
export function mayReadMetrics(headers: Headers, token: string | undefined): boolean {
  return headers.get(READER_LOOPBACK_HEADER) === "1" || carriesMetricsToken(headers.get("authorization"), token);
}

const NO_STORE = { "cache-control": "no-store" };

/** The answer to a request for `/metrics`; `read` is called only for a reader who may see the figures. */
export async function answerMetrics(request: Request, o: { token?: string; read: () => Promise<CurrentMetrics> }): Promise<Response> {
  if (!mayReadMetrics(request.headers, o.token)) {
    return new Response("Metrics are open to loopback or a bearer token only.\n", {
      status: 401,
      headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  let figures: CurrentMetrics;
  try {
    figures = await o.read();
  } catch {
    return new Response("The database cannot be read.\n", {
      status: 503,
      headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(await metricsText(figures), { headers: { ...NO_STORE, "content-type": METRICS_CONTENT_TYPE } });
}
