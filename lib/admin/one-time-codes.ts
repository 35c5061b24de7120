/**
 * The two codes only someone who reads the server's log can know (SPEC ADM-1). Pure: each
 * is an HMAC of the site's secret (under the data directory), so every process of the site
 * computes the same code without storing it.
 *
 * - The setup code: `npm start` prints it while no operator exists; `/admin/configurar`
 *   asks for it, so a site reachable before its operator sets it up cannot be taken. It
 *   stops opening anything once the operator exists.
 * - The recovery code: printed in the site's log when someone asks for it on
 *   `/admin/recuperar`; with it the operator sets a new passphrase. It is bound to the
 *   current passphrase's hash (so it works once: the new passphrase retires it) and to a
 *   15-minute window (it is accepted in that window and the next).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a recovery code lasts: its window and the next. */
export const RECOVERY_WINDOW_MS = 15 * 60_000;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I

function code(secret: string, purpose: string, groups: number): string {
  const mac = createHmac("sha256", secret).update(purpose).digest();
  const chars = [...mac.subarray(0, groups * 4)].map((b) => ALPHABET[b % ALPHABET.length]!);
  return Array.from({ length: groups }, (_, i) => chars.slice(i * 4, i * 4 + 4).join("")).join("-");
}

/** The setup code of a site: 16 characters (80 bits) in groups of four. */
export function setupCode(secret: string): string {
  return code(secret, "operator-setup", 4);
}

/** The recovery code for the passphrase `passwordHash` in the window holding `now`. */
export function recoveryCode(secret: string, passwordHash: string, now: number): string {
  return code(secret, `operator-recovery\0${passwordHash}\0${Math.floor(now / RECOVERY_WINDOW_MS)}`, 4);
}

/** A code as typed: upper case, without spaces or dashes. */
function normalized(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, "");
}

/** True when `given` is `expected`, however the person grouped or cased it. Constant-time. */
export function codeMatches(expected: string, given: string | undefined): boolean {
  const a = Buffer.from(normalized(expected));
  const b = Buffer.from(normalized(given ?? "").slice(0, 64));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when `given` is the recovery code of this window or the previous one. */
export function recoveryCodeMatches(secret: string, passwordHash: string, given: string | undefined, now: number): boolean {
  return [now, now - RECOVERY_WINDOW_MS].some((at) => codeMatches(recoveryCode(secret, passwordHash, at), given));
}
