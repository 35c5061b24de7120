/**
 * A windows-1252 body that claims UTF-8, or claims nothing (SPEC EXT-1: wrong or
 * missing charset declarations are common on Spanish sites). Node has no 1252
 * encoder, so this is one: Latin-1 plus the 0x80–0x9F block (€, smart quotes…).
 */
import type { SimRequest, SimResponse } from "../http-types";
import { bodyText, isOkText } from "./body-text";
import type { Windows1252Scenario } from "./types";

const HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/** Encodes text as windows-1252; characters outside it become `?`. */
export function encodeWindows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    const high = HIGH.indexOf(ch);
    out[n++] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : high >= 0 ? 0x80 + high : 0x3f;
  }
  return out.subarray(0, n);
}

/** Rewrites the declarations, then encodes the body as windows-1252. */
export async function windows1252(s: Windows1252Scenario, _req: SimRequest, next: () => Promise<SimResponse>): Promise<SimResponse> {
  const res = await next();
  const text = bodyText(res);
  if (!isOkText(res) || text === undefined) return res;
  const declareUtf8 = (s.declare ?? "utf-8") === "utf-8";
  const mime = (res.headers["content-type"] ?? "application/xml").split(";")[0] ?? "application/xml";
  const relabelled = declareUtf8
    ? text.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-8"?>')
    : text.replace(/^<\?xml[^>]*\?>\n?/, "").replace(/<meta charset="[^"]*">\n?/i, "");
  return {
    ...res,
    headers: { ...res.headers, "content-type": declareUtf8 ? `${mime}; charset=utf-8` : mime },
    body: encodeWindows1252(relabelled),
  };
}
