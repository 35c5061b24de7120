/** Header-level switches: which validators are sent (SPEC POL-4), and TDMRep reservations (SPEC SIG-1). */
import { respond, TYPES, type SimRequest, type SimResponse } from "../http-types";
import { PATHS } from "../outlets";
import { bodyText, isOkText } from "./body-text";
import type { TdmScenario, ValidatorsScenario } from "./types";

type Next = () => Promise<SimResponse>;

/** Sends only the chosen validators; a missing one also cannot produce a 304. */
export async function validators(s: ValidatorsScenario, _req: SimRequest, next: Next): Promise<SimResponse> {
  return { ...(await next()), validators: { etag: s.etag ?? true, lastModified: s.lastModified ?? true } };
}

/** A TDM reservation by header, `<meta>` in HTML, or the host's `/.well-known/tdmrep.json`. */
export async function tdm(s: TdmScenario, req: SimRequest, next: Next): Promise<SimResponse> {
  const value = String(s.reservation ?? 1);
  if (s.via === "file") {
    if (req.path !== PATHS.tdmrep) return next();
    return respond(200, TYPES.json, JSON.stringify([{ location: "/", "tdm-reservation": Number(value) }]));
  }
  const res = await next();
  if (s.via === "header") return { ...res, headers: { ...res.headers, "tdm-reservation": value } };
  const html = bodyText(res);
  if (!isOkText(res) || html === undefined || !html.includes("<head>")) return res;
  return { ...res, body: html.replace("<head>", `<head>\n<meta name="tdm-reservation" content="${value}">`) };
}
