/**
 * Before `npm run outlets -- check` sends anything: can any outlet's host be resolved from here?
 * A host named by a resolve rule (`HEMEROSCOPIO_RESOLVE`, the simulated web) counts as reachable;
 * any other is asked of the resolver, as the fetcher would. When none resolves, the machine is
 * offline for the outlets, and the check says so without sending a request or writing a row.
 */
import type { ResolveRule } from "../../lib/config";
import { matchOverride } from "../fetch/resolve-override";
import type { LookupAll } from "../fetch/connect-target";

/** The hosts, among `hosts`, that resolve (or are named by a rule). */
export async function resolvableHosts(
  hosts: readonly string[],
  o: { rules: readonly ResolveRule[]; refuseUnlisted: boolean; lookup: LookupAll },
): Promise<string[]> {
  const unique = [...new Set(hosts.map((h) => h.toLowerCase()))];
  const answers = await Promise.all(
    unique.map(async (host) => {
      if (matchOverride(o.rules, host)) return host;
      if (o.refuseUnlisted) return undefined;
      try {
        return (await o.lookup(host)).length > 0 ? host : undefined;
      } catch {
        return undefined; // ENOTFOUND, EAI_AGAIN: no resolver, or no such name
      }
    }),
  );
  return answers.filter((h): h is string => h !== undefined);
}
