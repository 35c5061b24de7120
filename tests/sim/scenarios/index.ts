/** Scenario dispatch: which scenarios apply to a request, and the handler for each kind. */
import type { SimRequest, SimResponse } from "../http-types";
import { brokenXml } from "./broken-xml";
import { endless } from "./endless";
import { gzipBomb } from "./gzip-bomb";
import { loginWall } from "./login-wall";
import { redesign } from "./redesign";
import { redirect, redirectChain, redirectLoop } from "./redirects";
import { challenge, retryAfter, status } from "./refusals";
import { crawlDelay, robotsBody, robotsGroup } from "./robots";
import { tdm, validators } from "./signals";
import { hang, slowHeaders } from "./timing";
import type { Scenario } from "./types";
import { windows1252 } from "./windows-1252";

type Next = () => Promise<SimResponse>;

/** Runs one scenario; `next` is the rest of the chain (inner scenarios, then the normal route). */
export function runScenario(s: Scenario, req: SimRequest, next: Next): Promise<SimResponse> {
  switch (s.kind) {
    case "status":
      return status(s, req);
    case "retry-after":
      return retryAfter(s, req);
    case "hang":
      return hang(s, req);
    case "slow-headers":
      return slowHeaders(s, req, next);
    case "crawl-delay":
      return crawlDelay(s, req, next);
    case "robots-group":
      return robotsGroup(s, req, next);
    case "robots-body":
      return robotsBody(s, req, next);
    case "challenge":
      return challenge(s, req);
    case "redirect":
      return redirect(s, req);
    case "redirect-chain":
      return redirectChain(s, req, next);
    case "redirect-loop":
      return redirectLoop(s, req);
    case "endless":
      return endless(s, req);
    case "gzip-bomb":
      return gzipBomb(s, req);
    case "broken-xml":
      return brokenXml(s, req, next);
    case "windows-1252":
      return windows1252(s, req, next);
    case "validators":
      return validators(s, req, next);
    case "login-wall":
      return loginWall(s, req, next);
    case "tdm":
      return tdm(s, req, next);
    case "redesign":
      return redesign(s, req, next);
  }
}

/** Tracks `times` budgets; one per server, so two servers never share counts. */
export class ScenarioCounter {
  private readonly used = new WeakMap<Scenario, number>();

  /** The scenarios that apply to `req`, in order; consumes one use of each `times`-limited one. */
  select(list: readonly Scenario[], req: SimRequest): Scenario[] {
    return list.filter((s) => {
      if (s.path !== undefined && !(s.exact ? req.path === s.path : req.path.startsWith(s.path))) return false;
      if (s.from !== undefined && req.now < s.from) return false;
      if (s.until !== undefined && req.now >= s.until) return false;
      if (s.times === undefined) return true;
      const used = this.used.get(s) ?? 0;
      if (used >= s.times) return false;
      this.used.set(s, used + 1);
      return true;
    });
  }
}

export type * from "./types";
