/** Helpers for scenarios that rewrite a normal response's text body. */
import type { SimResponse } from "../http-types";

/** The body as text, or `undefined` for streams and empty bodies. */
export function bodyText(res: SimResponse): string | undefined {
  if (res.body === undefined || res.body.length === 0) return undefined;
  return typeof res.body === "string" ? res.body : new TextDecoder().decode(res.body);
}

/** Whether the response is a 200 the transform should touch. */
export function isOkText(res: SimResponse): boolean {
  return res.status === 200 && bodyText(res) !== undefined;
}
