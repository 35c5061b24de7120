/**
 * Two checks before any page renders. The admin (SPEC SEC-3): without a session cookie,
 * `/admin/**` (except the login and first-run setup) is a redirect to the login, or a 403
 * for other methods; the session itself is checked against the database by the admin pages
 * and handlers (app/admin/_lib/gate.ts), and admin answers are never cached. And it
 * answers wrong query strings with HTTP 400 (SPEC WEB-2, SEC-6: bad input is never a 500,
 * and a wrong request is not a "200 OK"); the page itself, run with the same pure
 * validator, says what is wrong inside the site's frame. Server components cannot set a
 * status, so the check runs here.
 */
import { NextResponse, type NextRequest } from "next/server";
import { badRequestPage } from "./lib/front-door/bad-request-page";
import { STATUS_HEADER } from "./lib/front-door/page-cache/status-header";
import { ADMIN_PATH_HEADER, loginFor, sessionCookieName } from "./lib/admin/session";
import { parseDayQuery, parseFrontPageQuery, parseSideBySideQuery } from "./lib/pages/history-params";
import { parseOutletPeriod } from "./lib/pages/outlet-period";
import { parseSearchParams, searchParamsRecord, type SearchParams } from "./lib/pages/search-params";
import { parseGroupParam } from "./lib/outlet-groups";

type Validator = (params: SearchParams) => { ok: true } | { ok: false; reason: string };

/** Query validators by path pattern. */
const validators: [RegExp, Validator][] = [
  // Pages whose only query checked here is the outlet-group filter (docs/outlet-groups.md).
  [/^\/(?:cabeceras)?$/, (params) => parseGroupParam(params.grupo)],
  [/^\/buscar$/, parseSearchParams],
  [/^\/cabeceras\/[^/]+$/, parseOutletPeriod],
  [/^\/cabeceras\/[^/]+\/portada$/, parseFrontPageQuery],
  [/^\/portadas$/, parseSideBySideQuery],
  [/^\/portadas\/dia$/, parseDayQuery],
];

/** Admin paths open without a session: the login, the first-run setup and the recovery, and their POSTs. */
const OPEN_ADMIN = new Set([
  "/admin/entrar",
  "/admin/entrar/enviar",
  "/admin/configurar",
  "/admin/configurar/enviar",
  "/admin/recuperar",
  "/admin/recuperar/codigo",
  "/admin/recuperar/enviar",
]);

function guardAdmin(request: NextRequest, path: string): NextResponse {
  const asked = `${path}${request.nextUrl.search}`;
  const hasCookie = [true, false].some((https) => request.cookies.has(sessionCookieName(https)));
  if (!OPEN_ADMIN.has(path) && !hasCookie) {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new NextResponse(badRequestPage("Hace falta entrar como operador.", "/admin/entrar", "Acceso restringido", 403), {
        status: 403,
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    }
    return NextResponse.redirect(new URL(loginFor(asked), request.url), 303);
  }
  // The page asked for, so an expired session's login comes back to it (app/admin/_lib/gate.ts);
  // set here, never taken from the reader.
  const forwarded = new Headers(request.headers);
  forwarded.set(ADMIN_PATH_HEADER, asked);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("cache-control", "no-store");
  response.headers.set("x-robots-tag", "noindex, nofollow");
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const path = request.nextUrl.pathname;
  if (path === "/admin" || path.startsWith("/admin/")) return guardAdmin(request, path);
  const validate = validators.find(([pattern]) => pattern.test(path))?.[1];
  if (!validate) return NextResponse.next();
  const verdict = validate(searchParamsRecord(request.nextUrl.searchParams));
  if (verdict.ok) return NextResponse.next();
  // The page itself says what is wrong, inside the site's frame and with its form; the front
  // door answers it with the status asked for here (lib/front-door/page-cache/status-header.ts).
  const response = NextResponse.next();
  response.headers.set(STATUS_HEADER, "400");
  response.headers.set("cache-control", "no-store");
  return response;
}

export const config = {
  matcher: [
    "/",
    "/cabeceras",
    "/buscar",
    "/cabeceras/:slug",
    "/cabeceras/:slug/portada",
    "/portadas",
    "/portadas/dia",
    "/admin",
    "/admin/:path*",
  ],
};
