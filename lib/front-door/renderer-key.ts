/**
 * The key between the front door and its renderers (SPEC SEC-2). A renderer listens on a
 * loopback port and believes the X-Forwarded-For and X-Forwarded-Proto it is sent (the
 * reader's address for rate limits, the scheme for the Secure cookie). Any local process
 * could send those too, so each renderer makes a random key, tells it only to its parent
 * over IPC, and refuses every request that does not carry it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

/** The header the front door sends the key in (never forwarded from a reader). */
export const RENDERER_KEY_HEADER = "x-hemeroscopio-front-door";

/** A fresh key (256 random bits). */
export function newRendererKey(): string {
  return randomBytes(32).toString("base64url");
}

/** True when a request's headers carry `key`. Constant-time. */
export function carriesRendererKey(headers: Record<string, string | string[] | undefined>, key: string): boolean {
  const given = headers[RENDERER_KEY_HEADER];
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
