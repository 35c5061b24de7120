/**
 * Where a request connects (SPEC SEC-1). The host is resolved once, every address is
 * vetted by the address guard, and the connection is pinned to those vetted addresses,
 * so a second DNS answer (rebinding) can never be used. A resolve override is the only
 * way past the guard; in test mode (`refuseUnlisted`) every other host is refused before DNS.
 */
import dns from "node:dns";
import { isIP } from "node:net";
import type { ResolveRule } from "../../lib/config";
import { refusedAddressReason } from "./address-guard";
import { FetchFailure } from "./outcome";
import { checkPort, urlPort } from "./request-url";
import { matchOverride } from "./resolve-override";

/** One resolved address, as `dns.lookup({ all: true })` returns it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolve a host name to all its addresses (injectable so tests never query DNS). */
export type LookupAll = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver, all addresses, in the resolver's order. */
export const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/** A vetted connection target: exact addresses (and a port, for overrides). */
export interface ConnectTarget {
  /** Addresses the socket may connect to; the kernel never sees the host name. */
  addresses: readonly ResolvedAddress[];
  /** Port to connect to instead of the URL's (resolve override). */
  port?: number;
  via: "override" | "literal" | "dns";
}

/** How targets are chosen. */
export interface TargetOptions {
  rules: readonly ResolveRule[];
  refuseUnlisted: boolean;
  lookup: LookupAll;
  signal: AbortSignal;
}

/** Vet and pin the target of `url`; throws `FetchFailure` (ssrf-refused, unreachable, bad-url). */
export async function connectTarget(url: URL, o: TargetOptions): Promise<ConnectTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const rule = matchOverride(o.rules, host);
  if (rule) {
    // The override names an address (or a name the operator chose): trusted, not vetted.
    return { addresses: [{ address: rule.address, family: isIP(rule.address) }], port: rule.port, via: "override" };
  }
  if (o.refuseUnlisted) throw new FetchFailure("ssrf-refused", "host not in resolve overrides (test mode)");
  checkPort(urlPort(url));
  const family = isIP(host);
  if (family !== 0) {
    const reason = refusedAddressReason(host);
    if (reason) throw new FetchFailure("ssrf-refused", `address is ${reason}`);
    return { addresses: [{ address: host, family }], via: "literal" };
  }
  const addresses = await lookupWithin(o.lookup, host, o.signal);
  if (addresses.length === 0) throw new FetchFailure("unreachable", "dns: no addresses");
  // One refused address refuses the host: a name mixing public and internal answers is an attack.
  for (const a of addresses) {
    const reason = refusedAddressReason(a.address);
    if (reason) throw new FetchFailure("ssrf-refused", `host resolves to a ${reason} address`);
  }
  return { addresses, via: "dns" };
}

async function lookupWithin(lookup: LookupAll, host: string, signal: AbortSignal): Promise<readonly ResolvedAddress[]> {
  signal.throwIfAborted();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  const pending = Promise.resolve().then(() => lookup(host));
  pending.catch(() => {}); // if the abort wins, a late DNS failure must not go unhandled
  try {
    return await Promise.race([pending, aborted]);
  } catch (error) {
    if (signal.aborted) throw error;
    const code = (error as { code?: unknown }).code;
    throw new FetchFailure("unreachable", `dns: ${typeof code === "string" ? code : "lookup failed"}`, { cause: error });
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
