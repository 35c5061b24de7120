/**
 * Operator sessions and the admin's CSRF token (SPEC ADM-1, SEC-2, SEC-3). Pure: ids,
 * hashes, cookies, expiry and the login's `next=` target. The cookie carries a random id;
 * the database keeps only its SHA-256. Over https the cookie is `__Host-` prefixed and
 * Secure; on plain-http loopback (development, tests) a browser would drop a Secure
 * cookie, so it is sent without Secure under a name without the prefix (a `__Host-`
 * cookie must be Secure). Always httpOnly, SameSite=Strict, Path=/, no Domain.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A session lasts this long from login, active or not. */
export const SESSION_MS = 8 * 3_600_000;

/**
 * The one clock of session life, for starting a session and for judging it: the wall clock,
 * as the browser judges the cookie's Max-Age. The site's scaled clock (demo, tests) times
 * the record, not the operator: judged on it, a ×60 demo ended a login within a minute.
 */
export function sessionNow(): number {
  return Date.now();
}

/** The request header through which the proxy tells admin pages the path and query asked for. */
export const ADMIN_PATH_HEADER = "x-hemeroscopio-admin-path";

/** The login page that comes back to `asked` (validated) once the operator is in. */
export function loginFor(asked: string | null | undefined): string {
  const next = safeNext(asked);
  return next === "/admin" ? "/admin/entrar" : `/admin/entrar?next=${encodeURIComponent(next)}`;
}
const SECURE_NAME = "__Host-hemeroscopio-admin";
const PLAIN_NAME = "hemeroscopio-admin";

/** A fresh session id for the cookie (256 random bits). */
export function newSessionId(random: (n: number) => Buffer = randomBytes): string {
  return random(32).toString("base64url");
}

/** What the database stores for a session id. */
export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The cookie's name over https or plain http. */
export function sessionCookieName(https: boolean): string {
  return https ? SECURE_NAME : PLAIN_NAME;
}

/** True when the request reached us over https (directly or through a proxy that says so). */
export function isHttps(url: string, forwardedProto: string | null | undefined): boolean {
  const proto = forwardedProto?.split(",")[0]?.trim().toLowerCase();
  if (proto) return proto === "https";
  return url.startsWith("https:");
}

/** The Set-Cookie value that starts a session. */
export function sessionCookie(id: string, https: boolean): string {
  return `${sessionCookieName(https)}=${id}; Path=/; Max-Age=${SESSION_MS / 1000}; HttpOnly; SameSite=Strict${https ? "; Secure" : ""}`;
}

/** The Set-Cookie value that ends it. */
export function clearSessionCookie(https: boolean): string {
  return `${sessionCookieName(https)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${https ? "; Secure" : ""}`;
}

/** The session id in a Cookie header, if any and well formed. */
export function sessionIdFromCookies(cookieHeader: string | null | undefined, https: boolean): string | undefined {
  const name = sessionCookieName(https);
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** True once a session has expired. */
export function sessionExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt;
}

/** The CSRF token of a session: bound to it, so a token from another session is refused. */
export function csrfToken(secret: string, sessionIdHash: string): string {
  return createHmac("sha256", secret).update(`admin-csrf\0${sessionIdHash}`).digest("base64url");
}

/** True when `given` is the session's CSRF token. */
export function csrfValid(secret: string, sessionIdHash: string, given: string | undefined): boolean {
  const expected = Buffer.from(csrfToken(secret, sessionIdHash));
  const actual = Buffer.from(given ?? "");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Where to go after login: only a path inside the admin (`/admin…`), never another site.
 * `//evil`, `/\evil`, `https://…`, control characters and anything outside /admin give `/admin`.
 */
export function safeNext(next: string | null | undefined): string {
  const value = next ?? "";
  if (!/^\/admin(?:[/?#]|$)/.test(value)) return "/admin";
  if (/[\\\s]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) || value.includes("//"))
    return "/admin";
  try {
    const url = new URL(value, "http://x.invalid");
    if (url.origin !== "http://x.invalid" || !url.pathname.startsWith("/admin")) return "/admin";
    return `${url.pathname}${url.search}`;
  } catch {
    return "/admin";
  }
}
