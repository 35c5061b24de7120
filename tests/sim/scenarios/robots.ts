/**
 * robots.txt variants. They amend the request's robots plan and let the normal
 * route render it, so Sitemap lines and validators keep working. Status variants
 * (404, 500) and timeouts are the generic `status` and `hang` scenarios on `/robots.txt`.
 */
import type { SimRequest, SimResponse } from "../http-types";
import type { CrawlDelayScenario, RobotsBodyScenario, RobotsGroupScenario } from "./types";

type Next = () => Promise<SimResponse>;

/** `Crawl-delay: N` in the given group; a named agent gets a copy of the `*` rules plus the delay. */
export function crawlDelay(s: CrawlDelayScenario, req: SimRequest, next: Next): Promise<SimResponse> {
  const agent = s.agent ?? "*";
  const groups = req.robots.groups;
  let group = groups.find((g) => g.agents.some((a) => a.toLowerCase() === agent.toLowerCase()));
  if (!group) {
    // A group naming us replaces `*` entirely (RFC 9309 §2.2.1), so copy its rules to keep them.
    const star = groups.find((g) => g.agents.includes("*"));
    group = { agents: [agent], allow: [...(star?.allow ?? [])], disallow: [...(star?.disallow ?? [])], extra: [] };
    groups.unshift(group);
  }
  group.crawlDelay = s.seconds;
  return next();
}

/** Appends a group; RFC 9309 merges it with any other group for the same agent. */
export function robotsGroup(s: RobotsGroupScenario, req: SimRequest, next: Next): Promise<SimResponse> {
  req.robots.groups.push({
    agents: [...s.agents],
    allow: [...(s.allow ?? [])],
    disallow: [...(s.disallow ?? [])],
    crawlDelay: s.crawlDelay,
    extra: [...(s.extra ?? [])],
  });
  return next();
}

/** Serves exactly `body` as robots.txt (BOM, huge files, Content-Signal lines, typos…). */
export function robotsBody(s: RobotsBodyScenario, req: SimRequest, next: Next): Promise<SimResponse> {
  req.robots.body = s.body;
  return next();
}
