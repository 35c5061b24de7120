/**
 * robots.txt: a plan (groups + sitemaps) that scenarios can amend, and its text.
 * Defaults look like a Spanish newspaper's: allow all but search, user and cart
 * paths; half the outlets also shut out AI crawlers by name (rules that must not
 * apply to HemeroscopioBot, SPEC ROB-5).
 */
import type { HostRole, SimOutlet } from "../outlets";
import { PATHS } from "../outlets";

/** One `User-agent` group. */
export interface RobotsGroup {
  agents: string[];
  allow: string[];
  disallow: string[];
  crawlDelay?: number;
  /** Other lines inside the group, e.g. `Content-Signal: …`. */
  extra: string[];
}

/** The robots.txt of one host before rendering; `body` replaces everything when set. */
export interface RobotsPlan {
  groups: RobotsGroup[];
  sitemaps: string[];
  body?: string;
  /** Simulated time of the last change (scenario set), for Last-Modified. */
  changedAt: number;
}

/** An empty plan (unknown hosts). */
export function emptyRobotsPlan(): RobotsPlan {
  return { groups: [], sitemaps: [], changedAt: 0 };
}

/** The default plan for one host of an outlet; `crawlDelay` (seconds) goes into the `*` group when given. */
export function defaultRobotsPlan(
  outlet: SimOutlet,
  role: HostRole,
  origin: (host: string) => string,
  changedAt: number,
  crawlDelay?: number,
): RobotsPlan {
  const star: RobotsGroup =
    role === "www"
      ? { agents: ["*"], allow: ["/"], disallow: ["/buscar", "/usuario/", "/carrito", "/login"], extra: [] }
      : { agents: ["*"], allow: [], disallow: role === "sitemaps" ? ["/privado/"] : [], extra: [] };
  if (crawlDelay !== undefined) star.crawlDelay = crawlDelay;
  if (outlet.contentSignal) star.extra.push(`Content-Signal: ${outlet.contentSignal}`);
  const groups = [star];
  if (outlet.blocksAiBots) groups.push({ agents: ["GPTBot", "CCBot", "Google-Extended"], allow: [], disallow: ["/"], extra: [] });
  return { groups, sitemaps: [`${origin(outlet.hosts.sitemaps)}${PATHS.sitemapIndex}`], changedAt };
}

/** The text of a plan. */
export function renderRobots(plan: RobotsPlan): string {
  if (plan.body !== undefined) return plan.body;
  const lines = ["# robots.txt del sitio simulado de Hemeroscopio", ""];
  for (const g of plan.groups) {
    for (const agent of g.agents) lines.push(`User-agent: ${agent}`);
    if (g.crawlDelay !== undefined) lines.push(`Crawl-delay: ${g.crawlDelay}`);
    for (const path of g.disallow) lines.push(`Disallow: ${path}`);
    for (const path of g.allow) lines.push(`Allow: ${path}`);
    if (g.allow.length === 0 && g.disallow.length === 0) lines.push("Disallow:");
    lines.push(...g.extra, "");
  }
  for (const s of plan.sitemaps) lines.push(`Sitemap: ${s}`);
  return `${lines.join("\n")}\n`;
}
