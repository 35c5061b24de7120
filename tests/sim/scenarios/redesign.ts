/**
 * A redesigned front page (SPEC EXT-6): the outlet moves to a client-side app, as real
 * outlets do. The static HTML of `/` keeps its header, navigation and footer, but its
 * stories are drawn by a script from inline JSON, so no article link is left in the markup
 * our extractor reads. Other pages and documents are untouched.
 */
import type { SimRequest, SimResponse } from "../http-types";
import { bodyText, isOkText } from "./body-text";
import type { RedesignScenario } from "./types";

/** Replaces the front page's `<main>` with an empty app root and its stories as JSON. */
export async function redesign(_s: RedesignScenario, req: SimRequest, next: () => Promise<SimResponse>): Promise<SimResponse> {
  const res = await next();
  const html = bodyText(res);
  if (req.path !== "/" || !isOkText(res) || html === undefined || !res.headers["content-type"]?.startsWith("text/html")) return res;
  const stories = [...html.matchAll(/<h[23] class="titular"><a href="([^"]+)">([^<]*)<\/a>/g)].map((m) => ({ u: m[1], t: m[2] }));
  // Inside a JSON string in a script, `<` is escaped as real apps do, so no tag is hidden in it.
  const data = JSON.stringify({ stories }).replace(/</g, "\\u003c");
  const shell = `<main id="app" data-app="portada"></main>\n<script id="__APP_DATA__" type="application/json">${data}</script>`;
  return { ...res, body: html.replace(/<main[^>]*>[\s\S]*<\/main>/, shell) };
}
