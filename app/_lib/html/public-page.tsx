/**
 * Public pages written as static markup, served by a route handler instead of a Next.js page.
 *
 * A page Next.js renders goes through React Server Components: the tree is rendered, serialised
 * into the page's payload, read back and rendered again into HTML, and the front door then
 * removes the payload (lib/front-door/script-free.ts). The same tree written once with React's
 * server renderer costs the renderer half the CPU (docs/benchmarks.md, "Pages written as
 * static markup"). A page here is an async function that reads its data and returns its
 * parts; everything it returns must render synchronously (static-markup.ts).
 */
import "server-only";
import type { NextRequest } from "next/server";
import { NotFoundContent } from "@/app/_components/not-found-content";
import { appConfig } from "@/db/server";
import { serverErrorPage } from "@/lib/front-door/page-cache/not-found-shell";
import { createLogger, errorMessage, type Logger } from "@/lib/log";
import { searchParamsRecord, type SearchParams } from "@/lib/pages/search-params";
import { PublicDocument, type DocumentParts } from "./public-document";
import { staticMarkup } from "./static-markup";

/** What a page is asked: its route's parameters and its query. */
export interface PageRequest<Params> {
  params: Params;
  searchParams: SearchParams;
}

/** Thrown by a page for an address it has nothing at (a 404 inside the site frame). */
class PageNotFound extends Error {}

/** Answer this request with the site's 404 page. */
export function pageNotFound(): never {
  throw new PageNotFound();
}

/** Thrown by a page that lives on at another address (a permanent redirect). */
class PageMoved extends Error {
  constructor(readonly href: string) {
    super(href);
  }
}

/** Answer this request with a permanent redirect (308) to `href`. */
export function pageMovedTo(href: string): never {
  throw new PageMoved(href);
}

const HTML_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
};

let log: Logger | undefined;

/**
 * The page as UTF-8 bytes: a string body is first checked for lone surrogates by the Fetch API's
 * Response (about 1 ms for an outlet page's 70 KiB), which bytes from Node's encoder skip.
 */
function html(parts: DocumentParts, pathname: string, status: number): Response {
  return new Response(Buffer.from(`<!DOCTYPE html>${staticMarkup(<PublicDocument pathname={pathname} {...parts} />)}`, "utf8"), {
    status,
    headers: HTML_HEADERS,
  });
}

/** The route handler's GET for a page: its document, the 404 page or a redirect when it asks for one, the 500 page when it fails. */
export function publicPage<Params = Record<string, never>>(page: (request: PageRequest<Params>) => Promise<DocumentParts>) {
  return async function GET(request: NextRequest, context: { params: Promise<Params> }): Promise<Response> {
    const { pathname, searchParams } = request.nextUrl;
    try {
      return html(await page({ params: await context.params, searchParams: searchParamsRecord(searchParams) }), pathname, 200);
    } catch (error) {
      if (error instanceof PageNotFound) return html({ title: "Página no encontrada", body: <NotFoundContent /> }, pathname, 404);
      if (error instanceof PageMoved) return new Response(null, { status: 308, headers: { location: error.href } });
      log ??= createLogger({ component: "site", level: appConfig().logLevel });
      log.error("page_failed", { path: pathname, error: errorMessage(error) });
      return new Response(serverErrorPage(), { status: 500, headers: HTML_HEADERS });
    }
  };
}
