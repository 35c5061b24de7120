/**
 * Answers wrong query strings with HTTP 400 and a short Spanish page (SPEC WEB-2: bad input
 * is never a 500, and a wrong request is not a "200 OK"). Server components cannot set a
 * status, so the check runs here, with the same pure validator the page uses.
 */
import { NextResponse, type NextRequest } from "next/server";
import { badRequestPage } from "./lib/bad-request-page";
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
