/**
 * Writes a response description to the socket. Streamed bodies honour
 * back-pressure and stop as soon as the client goes away, and every body byte
 * written is counted into the access-log entry.
 */
import type { ServerResponse } from "node:http";
import type { AccessLogEntry } from "./access-log";
import type { BodySink, SimRequest, SimResponse } from "./http-types";
import { httpDate } from "./render/format";

/** Resolves on the next `drain`, or at once if the request is aborted meanwhile. */
function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    res.once("drain", done);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** A sink over `res` for streamed bodies. */
function sinkFor(res: ServerResponse, req: SimRequest, entry: AccessLogEntry): BodySink {
  return {
    signal: req.signal,
    async write(chunk) {
      if (req.signal.aborted || res.destroyed) return false;
      entry.bytes += chunk.length;
      if (!res.write(chunk)) await drained(res, req.signal);
      return !req.signal.aborted && !res.destroyed;
    },
  };
}

/** Sends `out` (never a `destroy` response: the caller drops those). */
export async function writeResponse(res: ServerResponse, req: SimRequest, out: SimResponse, entry: AccessLogEntry): Promise<void> {
  entry.status = out.status;
  // Date follows the simulated clock: Retry-After HTTP-dates are computed against it.
  const headers: Record<string, string> = { date: httpDate(req.now), server: "hemeroscopio-sim", ...out.headers };
  if (out.stream) {
    res.writeHead(out.status, headers);
    if (req.method !== "HEAD") await out.stream(sinkFor(res, req, entry));
    if (!res.destroyed) res.end();
    return;
  }
  const body = typeof out.body === "string" ? Buffer.from(out.body, "utf8") : Buffer.from(out.body ?? new Uint8Array());
  headers["content-length"] = String(body.length);
  res.writeHead(out.status, headers);
  if (req.method === "HEAD" || out.status === 304) return void res.end();
  entry.bytes = body.length;
  res.end(body);
}
