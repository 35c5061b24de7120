/** The text of a rendered HTML body as the renderer sent it (gzip or identity), for the front door's checks. */
import { gunzipSync } from "node:zlib";

/** The decoded body of an HTML answer; undefined when it is not HTML or cannot be read (passed on as it is). */
export function htmlText(
  body: Buffer,
  contentEncoding: string | string[] | undefined,
  contentType: string | string[] | undefined,
): Buffer | undefined {
  if (!String(contentType ?? "").includes("text/html")) return undefined;
  try {
    return String(contentEncoding ?? "").includes("gzip") ? gunzipSync(body) : body;
  } catch {
    return undefined;
  }
}
