/**
 * The admin's one gate (SPEC ADM-1, SEC-3): every admin page calls `requireOperator`, every
 * admin POST goes through `operatorRequest`. The proxy (proxy.ts) already turns away requests
 * without a session cookie; here the cookie's session is checked in the database.
 */
import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { findSession } from "../../../db/queries/admin/operator";
import { database } from "../../../db/server";
import {
  ADMIN_PATH_HEADER,
  csrfToken,
  hashSessionId,
  isHttps,
  loginFor,
  sessionCookieName,
  sessionIdFromCookies,
  sessionNow,
} from "../../../lib/admin/session";
import { siteSecret } from "../../_lib/forms/secret";

/** The signed-in operator's session, as pages need it. */
export interface OperatorSession {
  idHash: string;
  csrf: string;
  expiresAt: number;
}

async function lookup(id: string | undefined): Promise<OperatorSession | undefined> {
  if (!id) return undefined;
  const idHash = hashSessionId(id);
  const { db } = await database();
  const found = await findSession(db, idHash, sessionNow());
  return found ? { idHash, csrf: csrfToken(siteSecret(), idHash), expiresAt: found.expiresAt } : undefined;
}

/**
 * The session of the request being rendered, or a redirect to the login that comes back to
 * the page asked for: its path and query, as the proxy passed them (the layout runs first
 * and knows no path of its own).
 */
export async function requireOperator(): Promise<OperatorSession> {
  const h = await headers();
  const https = isHttps(`http://${h.get("host") ?? ""}`, h.get("x-forwarded-proto"));
  const jar = await cookies();
  const raw = jar.get(sessionCookieName(https))?.value;
  const session = await lookup(raw && /^[A-Za-z0-9_-]{43}$/.test(raw) ? raw : undefined);
  if (!session) redirect(loginFor(h.get(ADMIN_PATH_HEADER)));
  return session;
}

/** The session of a route handler's request, or undefined. */
export async function sessionOfRequest(request: Request): Promise<OperatorSession | undefined> {
  const https = isHttps(request.url, request.headers.get("x-forwarded-proto"));
  return lookup(sessionIdFromCookies(request.headers.get("cookie"), https));
}

/** True over https (for the cookie's name and Secure flag). */
export function requestIsHttps(request: Request): boolean {
  return isHttps(request.url, request.headers.get("x-forwarded-proto"));
}
