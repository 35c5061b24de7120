/** Redirects: to anywhere, chains of N hops, and loops (SPEC POL-5 caps hops, ROB-6 checks each). */
import { respond, TYPES, type SimRequest, type SimResponse } from "../http-types";
import type { RedirectChainScenario, RedirectLoopScenario, RedirectScenario } from "./types";

type Next = () => Promise<SimResponse>;

/**
 * Resolves a target against the request; an absolute URL to a `.test` host without a
 * port gets the port the client used, so it stays reachable in port-carrying mode.
 */
function resolve(req: SimRequest, to: string): string {
  const target = new URL(to, req.origin(req.host));
  if (target.hostname.endsWith(".test") && !target.port && !to.startsWith("/")) {
    return `${req.origin(target.hostname)}${target.pathname}${target.search}`;
  }
  return target.toString();
}

const moved = (status: number, location: string) => respond(status, TYPES.text, "", { location });

/** One redirect to `to`: a disallowed path, another host of the site, another site. */
export async function redirect(s: RedirectScenario, req: SimRequest): Promise<SimResponse> {
  return moved(s.status ?? 301, resolve(req, s.to));
}

/** `hops` redirects through `?hop=1..hops`, then the normal response. */
export function redirectChain(s: RedirectChainScenario, req: SimRequest, next: Next): Promise<SimResponse> {
  const hop = Number(req.query.get("hop") ?? "0");
  if (hop >= s.hops) return next();
  const status = s.status ?? (hop % 2 === 0 ? 301 : 302);
  return Promise.resolve(moved(status, `${req.origin(req.host)}${req.path}?hop=${hop + 1}`));
}

/** `/x` → `/x?loop=1` → `/x` → … forever. */
export async function redirectLoop(s: RedirectLoopScenario, req: SimRequest): Promise<SimResponse> {
  const next = req.query.get("loop") === "1" ? req.path : `${req.path}?loop=1`;
  return moved(s.status ?? 302, `${req.origin(req.host)}${next}`);
}
