/**
 * The simulator's request/response model. Handlers return a description of the
 * response and the server writes it, so scenarios compose like middleware: a
 * scenario may answer itself, or call `next()` and reshape the normal answer.
 */
import type { HostMatch } from "./outlets";
import type { RobotsPlan } from "./render/robots";

/** A request as handlers see it. */
export interface SimRequest {
  method: string;
  /** Lower-case host without port. */
  host: string;
  /** Path without query, e.g. `/rss/portada.xml`. */
  path: string;
  query: URLSearchParams;
  /** Request headers, lower-case names, repeated values joined by ", ". */
  headers: Record<string, string>;
  /** Simulated time when the request arrived (from the injected clock). */
  now: number;
  /** Aborted when the client disconnects or the server closes. */
  signal: AbortSignal;
  /** The outlet this host belongs to, if any. */
  site?: HostMatch;
  /** robots.txt under construction; scenarios amend it before it is rendered. */
  robots: RobotsPlan;
  /** `http://host[:port]`, with the port the client used in its Host header, if any. */
  origin(host: string): string;
}

/** Where a streamed body is written; `write` resolves false once the client is gone. */
export interface BodySink {
  write(chunk: Uint8Array): Promise<boolean>;
  readonly signal: AbortSignal;
}

/** Which validators a 200 carries (both by default). */
export interface Validators {
  etag: boolean;
  lastModified: boolean;
}

/** A response description. Exactly one of `body`, `stream`, `destroy` is used. */
export interface SimResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Produces the body chunk by chunk, honouring back-pressure and `sink.signal`. */
  stream?: (sink: BodySink) => Promise<void>;
  /** Close the socket without answering. */
  destroy?: boolean;
  /** When the content last changed (simulated ms): drives Last-Modified and If-Modified-Since. */
  lastModified?: number;
  validators?: Validators;
}

/** A handler; `next` yields the response the rest of the chain would give. */
export type Handler = (req: SimRequest, next: () => Promise<SimResponse>) => Promise<SimResponse>;

/** A plain response with a body. */
export function respond(status: number, contentType: string, body: string | Uint8Array, extra: Record<string, string> = {}): SimResponse {
  return { status, headers: { "content-type": contentType, ...extra }, body };
}

/** Content types used across renderers. */
export const TYPES = {
  html: "text/html; charset=utf-8",
  text: "text/plain; charset=utf-8",
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  json: "application/json",
} as const;
