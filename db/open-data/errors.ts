/**
 * Errors of the open-data API (SPEC WEB-3): a bad parameter is a 400 and an unknown id
 * a 404, each answered as JSON with a stable `code`; nothing a client sends gives a 500.
 */

/** Codes a client can act on. */
export type ApiErrorCode = "bad_parameter" | "unknown_parameter" | "not_found" | "unavailable";

const STATUS: Record<ApiErrorCode, number> = { bad_parameter: 400, unknown_parameter: 400, not_found: 404, unavailable: 503 };

/** An answer other than 200, with the parameter it is about when there is one. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly parameter?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ApiError";
    this.status = STATUS[code];
  }

  /** The JSON error response: `{ "error": { "code", "message", "parameter"? } }`. */
  toResponse(): Response {
    const body = { error: { code: this.code, message: this.message, ...(this.parameter ? { parameter: this.parameter } : {}) } };
    return new Response(JSON.stringify(body), {
      status: this.status,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": this.status === 404 ? "public, max-age=60" : "no-store",
        ...(this.status === 503 ? { "Retry-After": "60" } : {}),
      },
    });
  }
}

/** Shorthand for a 400 about `parameter`. */
export const badParameter = (parameter: string, message: string) => new ApiError("bad_parameter", message, parameter);

/** Shorthand for a 404. */
export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);
