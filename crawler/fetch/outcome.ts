/**
 * Failures of one exchange, as a class with a stable `code` (docs/style.md §11), and the
 * mapping of every low-level error (undici, node:net, node:tls, node:zlib) onto a
 * `FetchOutcome` with a short reason. SEC-4: bad input gives a recorded, clear error.
 */
import type { FetchOutcome } from "../../lib/fetcher";

/** The outcomes that mean "no usable response". */
export type FailureCode = Exclude<FetchOutcome, "ok" | "not-modified" | "redirect" | "http-error">;

/** A failed exchange; `code` is the outcome the scheduler acts on. */
export class FetchFailure extends Error {
  readonly code: FailureCode;
  constructor(code: FailureCode, reason: string, options?: { cause?: unknown }) {
    super(safeReason(reason), options);
    this.name = "FetchFailure";
    this.code = code;
  }
}

const MAX_REASON = 200;

/** One printable line of at most 200 characters: error texts go to logs (SPEC STO-3, STO-5). */
export function safeReason(text: string): string {
  let line = "";
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    line += c < 0x20 || (c >= 0x7f && c <= 0x9f) ? " " : ch; // no control characters in a log line
  }
  line = line.replace(/ {2,}/g, " ").trim();
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}

/** Why an abort happened, decided from the signals themselves rather than the error's shape. */
export interface AbortContext {
  caller: AbortSignal;
  deadline: AbortSignal;
  totalTimeoutMs: number;
}

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);
const TOO_LARGE_CODES = new Set(["UND_ERR_HEADERS_OVERFLOW", "UND_ERR_RES_EXCEEDED_MAX_SIZE", "ERR_BUFFER_TOO_LARGE"]);
const MALFORMED_CODES = new Set(["UND_ERR_RES_CONTENT_LENGTH_MISMATCH"]);

/** Map anything thrown during an exchange to a `FetchFailure` (already-classified failures pass through). */
export function toFailure(error: unknown, ctx: AbortContext): FetchFailure {
  if (error instanceof FetchFailure) return error;
  // The signals are the truth about aborts: undici reports them with several error shapes.
  if (ctx.caller.aborted) return new FetchFailure("timeout", "aborted by caller", { cause: error });
  if (ctx.deadline.aborted) return new FetchFailure("timeout", `total timeout of ${ctx.totalTimeoutMs} ms`, { cause: error });
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const reason = code ? `${code}: ${message}` : message;
  if (TIMEOUT_CODES.has(code)) return new FetchFailure("timeout", reason, { cause: error });
  if (TOO_LARGE_CODES.has(code)) return new FetchFailure("too-large", reason, { cause: error });
  // llhttp parse errors: the server answered, but not in HTTP we can decode.
  const parserError = (error as { name?: unknown } | null)?.name === "HTTPParserError";
  if (parserError || code.startsWith("HPE_") || MALFORMED_CODES.has(code)) {
    return new FetchFailure("decoding-error", `malformed HTTP response: ${reason}`, { cause: error });
  }
  if (code.startsWith("Z_") || code.startsWith("ERR__ERROR_") || code.startsWith("ERR_BROTLI")) {
    return new FetchFailure("decoding-error", `content decoding: ${reason}`, { cause: error });
  }
  // Connect errors, resets, early closes, TLS failures: no usable response (BLK-4 material).
  if (isTlsError(code, message)) return new FetchFailure("unreachable", `tls: ${reason}`, { cause: error });
  return new FetchFailure("unreachable", reason || "connection failed", { cause: error });
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function isTlsError(code: string, message: string): boolean {
  return /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH)/.test(code) || /\b(ssl|tls)\b/i.test(message);
}
