/**
 * Answers wrong query strings with HTTP 400 and a short Spanish page (SPEC WEB-2: bad input
 * is never a 500, and a wrong request is not a "200 OK"). Server components cannot set a
 * status, so the check runs here, with the same pure validator the page uses.
 */
import { NextResponse, type NextRequest } from "next/server";
import { parseSearchParams, type SearchParams } from "./lib/search-params";

type Validator = (params: SearchParams) => { ok: true } | { ok: false; reason: string };

/** Query validators by path. */
const validators: Record<string, Validator> = {
  "/buscar": parseSearchParams,
};

function toRecord(params: URLSearchParams): SearchParams {
  const record: SearchParams = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? values[0] : values;
  }
  return record;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A self-contained page: the reason, and a way back. */
function badRequestPage(reason: string, back: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Solicitud incorrecta · Hemeroscopio</title>
<style>body{font:1.05rem/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1d1c1a;background:#fbfaf7}a{color:#0b4f8a}
@media (prefers-color-scheme:dark){body{color:#ecebe6;background:#161614}a{color:#8cc4f2}}</style></head>
<body><main><p>Error 400 · <a href="/">Hemeroscopio</a></p><h1>Solicitud incorrecta</h1><p>${escape(reason)}</p>
<p><a href="${escape(back)}">Volver a empezar</a></p></main></body></html>`;
}

export function proxy(request: NextRequest): NextResponse {
  const path = request.nextUrl.pathname;
  const validate = validators[path];
  if (!validate) return NextResponse.next();
  const verdict = validate(toRecord(request.nextUrl.searchParams));
  if (verdict.ok) return NextResponse.next();
  return new NextResponse(badRequestPage(verdict.reason, path), {
    status: 400, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export const config = { matcher: ["/buscar"] };
