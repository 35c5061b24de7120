/**
 * Resolve overrides (docs/architecture.md runtime knob `HEMEROSCOPIO_RESOLVE`, like `curl --resolve`):
 * a host matched by a rule is connected to the rule's address and port, without DNS and
 * without the SSRF guard. SPEC SEC-1: it is the only way to reach loopback (tests, demo).
 */
import type { ResolveRule } from "../../lib/config";

/** The rule for `hostname`: an exact rule, else the longest matching `*.suffix` rule, else undefined. */
export function matchOverride(rules: readonly ResolveRule[], hostname: string): ResolveRule | undefined {
  // `*.test` matches `a.test` and `b.a.test`, not `test`; case and a trailing dot are ignored.
  const host = normaliseHost(hostname);
  const exact = rules.find((r) => normaliseHost(r.pattern) === host);
  if (exact) return exact;
  let best: ResolveRule | undefined;
  let bestLength = 0;
  for (const rule of rules) {
    const pattern = normaliseHost(rule.pattern);
    if (!pattern.startsWith("*.")) continue;
    const suffix = pattern.slice(1); // ".test"
    if (host.endsWith(suffix) && host.length > suffix.length && suffix.length > bestLength) {
      best = rule;
      bestLength = suffix.length;
    }
  }
  return best;
}

function normaliseHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}
