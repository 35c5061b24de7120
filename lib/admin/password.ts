/**
 * The operator's password hash (SPEC ADM-1): scrypt from node:crypto, a random 16-byte salt
 * per hash, stored as `scrypt$N$r$p$salt$hash` (base64url) so the parameters travel with it.
 * N = 2^15, r = 8, p = 1 (OWASP's scrypt minimum is N = 2^17 with r = 8 for interactive
 * logins on dedicated hardware; 2^15 keeps a check at about 140 ms on the 2-core target and,
 * with login throttling, makes online guessing useless). Memory: 128·N·r = 32 MiB.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** Parameters of new hashes; old hashes keep their own (they are in the string). */
export const SCRYPT_PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Shortest password the setup accepts. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest password accepted (bounds the hashing work per attempt). */
export const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A fresh salted hash of `password`. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params.N, params.r, params.p);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** True when `password` matches `stored`; a malformed hash never matches. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Reject absurd parameters from a tampered hash before doing the work.
  if (!Number.isInteger(Math.log2(N)) || N < 2 || N > 1 << 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
  const key = await derive(password, salt, N, r, p);
  return timingSafeEqual(key, expected);
}

/** Why a new password is refused, in Spanish, or undefined when it is good enough. */
export function passwordProblem(password: string, repeated: string): string | undefined {
  if (password !== repeated) return "Las dos contraseñas no coinciden.";
  if ([...password].length < MIN_PASSWORD_LENGTH) return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `La contraseña no puede tener más de ${MAX_PASSWORD_LENGTH} caracteres.`;
  return undefined;
}
