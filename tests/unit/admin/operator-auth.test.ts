import { describe, expect, it, vi } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "../../../lib/admin/password";
import {
  clearSessionCookie,
  csrfToken,
  csrfValid,
  hashSessionId,
  isHttps,
  newSessionId,
  safeNext,
  sessionCookie,
  sessionExpired,
  sessionIdFromCookies,
  SESSION_MS,
} from "../../../lib/admin/session";
import {
  loginDelayMs,
  loginWaitMs,
  MAX_DELAY_MS,
  MIN_GAP_MS,
  PER_ADDRESS_LIMIT,
  PER_ADDRESS_WINDOW_MS,
  waitInSpanish,
} from "../../../lib/admin/throttle";
import { codeMatches, recoveryCode, recoveryCodeMatches, RECOVERY_WINDOW_MS, setupCode } from "../../../lib/admin/one-time-codes";

// CPU-heavy: a generous limit per test, so a busy machine cannot fail it (speed is measured by `npm run bench`).
vi.setConfig({ testTimeout: 60_000 });

const FAST = { N: 1 << 10, r: 8, p: 1 };

describe("password hash (ADM-1)", () => {
  it("ADM-1: scrypt hash with its parameters and a random salt; verify accepts the password, refuses others", async () => {
    const a = await hashPassword("correct horse battery", FAST);
    const b = await hashPassword("correct horse battery", FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("ADM-1: the default parameters are N=2^15, r=8, p=1", async () => {
    const h = await hashPassword("una contraseña larga");
    expect(h.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(await verifyPassword("una contraseña larga", h)).toBe(true);
  });

  it("ADM-1: malformed or tampered hashes never match", async () => {
    const h = await hashPassword("correct horse battery", FAST);
    for (const bad of [
      "",
      "plain",
      h.replace("scrypt", "bcrypt"),
      h.replace("$1024$", "$1000$"),
      h.replace("$1024$", `$${2 ** 30}$`),
      h.slice(0, -2),
    ]) {
      expect(await verifyPassword("correct horse battery", bad)).toBe(false);
    }
  });

  it("ADM-1: setup refuses short or mismatched passwords", () => {
    expect(passwordProblem("corta", "corta")).toMatch(/12/);
    expect(passwordProblem("una contraseña larga", "otra contraseña larga")).toMatch(/coinciden/);
    expect(passwordProblem("una contraseña larga", "una contraseña larga")).toBeUndefined();
  });
});

describe("login throttling per address (SEC-5)", () => {
  it("SEC-5: one second between attempts, then 2, 4, 8 … seconds after the third wrong passphrase in a row, at most 15 min", () => {
    expect([0, 1, 2].map(loginDelayMs)).toEqual([MIN_GAP_MS, MIN_GAP_MS, MIN_GAP_MS]);
    expect([3, 4, 5, 6].map(loginDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(loginDelayMs(50)).toBe(MAX_DELAY_MS);
    expect(loginDelayMs(10_000)).toBe(MAX_DELAY_MS);
  });

  it("SEC-5: the wait counts from the address's last attempt; the window's cap holds whatever the outcome", () => {
    const now = 1_000_000;
    expect(loginWaitMs({ failures: 0, inWindow: 0 }, now)).toBe(0);
    expect(loginWaitMs({ lastAttemptAt: now - 200, failures: 0, inWindow: 1 }, now)).toBe(800);
    expect(loginWaitMs({ lastAttemptAt: now - 3_000, failures: 4, inWindow: 4 }, now)).toBe(1_000);
    expect(loginWaitMs({ lastAttemptAt: now - 60_000, failures: 4, inWindow: PER_ADDRESS_LIMIT }, now)).toBe(PER_ADDRESS_WINDOW_MS);
    expect(waitInSpanish(1)).toBe("1 segundo");
    expect(waitInSpanish(8_000)).toBe("8 segundos");
    expect(waitInSpanish(15 * 60_000)).toBe("15 minutos");
  });
});

describe("one-time codes from the server's log (SEC-5)", () => {
  it("SEC-5: the setup code is the site's own and is accepted however it is grouped or cased", () => {
    const code = setupCode("secreto");
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(setupCode("otro")).not.toBe(code);
    expect(codeMatches(code, code.toLowerCase().replace(/-/g, " "))).toBe(true);
    expect(codeMatches(code, code.slice(0, -1))).toBe(false);
    expect(codeMatches(code, undefined)).toBe(false);
  });

  it("SEC-5: a recovery code lasts its window and the next, and only for the passphrase it was made for", () => {
    const at = 40 * RECOVERY_WINDOW_MS + 1_000;
    const code = recoveryCode("secreto", "scrypt$hash-uno", at);
    expect(recoveryCodeMatches("secreto", "scrypt$hash-uno", code, at + RECOVERY_WINDOW_MS)).toBe(true);
    expect(recoveryCodeMatches("secreto", "scrypt$hash-uno", code, at + 2 * RECOVERY_WINDOW_MS)).toBe(false);
    expect(recoveryCodeMatches("secreto", "scrypt$hash-dos", code, at)).toBe(false);
    expect(recoveryCodeMatches("otro", "scrypt$hash-uno", code, at)).toBe(false);
  });
});

describe("sessions (ADM-1, SEC-3)", () => {
  it("ADM-1: ids are 256 random bits; only their hash is stored", () => {
    const id = newSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSessionId()).not.toBe(id);
    expect(hashSessionId(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionId(id)).not.toContain(id);
  });

  it("ADM-1: the cookie is httpOnly and SameSite=Strict; __Host- and Secure over https only", () => {
    const id = newSessionId();
    const secure = sessionCookie(id, true);
    expect(secure).toMatch(/^__Host-hemeroscopio-admin=/);
    expect(secure).toContain("; Secure");
    expect(secure).toContain("HttpOnly");
    expect(secure).toContain("SameSite=Strict");
    expect(secure).toContain("Path=/");
    expect(secure).not.toMatch(/Domain=/i);
    const plain = sessionCookie(id, false);
    expect(plain).toMatch(/^hemeroscopio-admin=/);
    expect(plain).not.toContain("Secure");
    expect(clearSessionCookie(true)).toContain("Max-Age=0");
    expect(sessionIdFromCookies(`a=b; hemeroscopio-admin=${id}`, false)).toBe(id);
    expect(sessionIdFromCookies(`hemeroscopio-admin=${id}`, true)).toBeUndefined();
    expect(sessionIdFromCookies("hemeroscopio-admin=<script>", false)).toBeUndefined();
    expect(isHttps("http://127.0.0.1/admin", "https")).toBe(true);
    expect(isHttps("https://x/admin", null)).toBe(true);
    expect(isHttps("https://x/admin", "http")).toBe(false);
  });

  it("ADM-1: a session expires 8 h after login", () => {
    const start = 5_000;
    expect(sessionExpired(start + SESSION_MS, start + SESSION_MS - 1)).toBe(false);
    expect(sessionExpired(start + SESSION_MS, start + SESSION_MS)).toBe(true);
  });

  it("SEC-2: the CSRF token is bound to the session", () => {
    const a = hashSessionId(newSessionId());
    const b = hashSessionId(newSessionId());
    expect(csrfValid("s", a, csrfToken("s", a))).toBe(true);
    expect(csrfValid("s", a, csrfToken("s", b))).toBe(false);
    expect(csrfValid("s", a, undefined)).toBe(false);
    expect(csrfValid("s", a, "")).toBe(false);
  });

  it("SEC-3: login's next= only goes to admin paths (no open redirect)", () => {
    expect(safeNext("/admin/cabeceras")).toBe("/admin/cabeceras");
    expect(safeNext("/admin?x=1")).toBe("/admin?x=1");
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/admin//evil.example",
      "/administrador",
      "javascript:alert(1)",
      "/",
      null,
      "/admin/../editores",
      "/admin\n/x",
      "/%2F%2Fevil.example",
    ]) {
      const target = safeNext(bad);
      expect(target.startsWith("/admin")).toBe(true);
      expect(new URL(target, "https://site.example").origin).toBe("https://site.example");
      expect(new URL(target, "https://site.example").pathname.startsWith("/admin")).toBe(true);
    }
  });
});

describe("operator hash from the environment (ADM-1)", () => {
  it("ADM-1: HEMEROSCOPIO_OPERATOR_PASSWORD_HASH is optional and must be a scrypt hash string", async () => {
    const { loadConfig } = await import("../../../lib/config");
    expect(loadConfig({}).operatorPasswordHash).toBeUndefined();
    const hash = await hashPassword("una contraseña larga", FAST);
    expect(loadConfig({ HEMEROSCOPIO_OPERATOR_PASSWORD_HASH: hash }).operatorPasswordHash).toBe(hash);
    expect(() => loadConfig({ HEMEROSCOPIO_OPERATOR_PASSWORD_HASH: "hunter2" })).toThrow(/HEMEROSCOPIO_OPERATOR_PASSWORD_HASH/);
  });
});
