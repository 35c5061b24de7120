/**
 * What a rendered page may load (SPEC POL-2: "the page's own document only").
 *
 * The main document is served once, from the bytes our HTTP fetcher already read through
 * the polite client (robots.txt, pacing, identity). Every other request is blocked:
 * third parties, images, media, fonts, styles, frames, later navigations, beacons, and the
 * page's own scripts and XHR/fetch — so a render costs the site exactly one request.
 */

/** One request of the page, as the router sees it. */
export interface PageRequest {
  url: string;
  method: string;
  resourceType: string;
  isNavigation: boolean;
  isMainFrame: boolean;
}

/** Serve the fetched document, or block. */
export type RouteDecision = "document" | "block";

/** POL-2: the decision for one request; the main document is served once, never re-navigated. */
export function routeDecision(req: PageRequest, documentUrl: string, o: { documentServed: boolean }): RouteDecision {
  return req.isNavigation && req.isMainFrame && !o.documentServed && withoutHash(req.url) === withoutHash(documentUrl)
    ? "document"
    : "block";
}

function withoutHash(url: string): string {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}
