/**
 * Response headers as one plain record with lower-case names, the shape every policy
 * (Retry-After, challenge markers, X-Robots-Tag, validators) reads.
 */

/** Flatten undici's header object: repeats joined with ", ", `set-cookie` lines with "\n" (their dates contain commas). */
export function responseHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(lower === "set-cookie" ? "\n" : ", ") : value;
    out[lower] = out[lower] === undefined ? joined : `${out[lower]}${lower === "set-cookie" ? "\n" : ", "}${joined}`;
  }
  return out;
}
