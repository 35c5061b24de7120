/**
 * Path dispatch for normal responses, by host role: robots.txt and tdmrep.json on
 * every host; feeds on the feeds host, sitemaps on the sitemaps host, pages on www
 * (one host plays all roles on single-host outlets); the bare domain redirects to www.
 */
import {
  articleResponse,
  chromeFor,
  feedResponse,
  frontPageResponse,
  newsSitemapResponse,
  sectionResponse,
  sitemapIndexResponse,
} from "./content";
import { respond, TYPES, type SimRequest, type SimResponse } from "./http-types";
import { PATHS, type SimOutlet } from "./outlets";
import { renderLegalNotice, renderNotFound, renderServicePage, legalNoticeRevision } from "./render/pages";
import { renderRobots } from "./render/robots";
import type { World } from "./world";

const notFound = (): SimResponse => respond(404, TYPES.text, "Not Found\n");

function tdmrep(req: SimRequest, outlet: SimOutlet): SimResponse {
  if (outlet.tdm !== "file") return notFound();
  const body = JSON.stringify([{ location: "/", "tdm-reservation": 1, "tdm-policy": `${req.origin(outlet.hosts.www)}/tdm-policy.json` }]);
  return respond(200, TYPES.json, body);
}

function feedRoute(world: World, req: SimRequest, outlet: SimOutlet): SimResponse | undefined {
  if (req.path === PATHS.mainFeed(outlet.feedFormat)) return feedResponse(world, req, outlet);
  if (outlet.sectionFeed && req.path === PATHS.sectionFeed(outlet.feedFormat, outlet.sectionFeed)) {
    return feedResponse(world, req, outlet, outlet.sectionFeed);
  }
  return undefined;
}

function sitemapRoute(world: World, req: SimRequest, outlet: SimOutlet): SimResponse | undefined {
  if (req.path === PATHS.newsSitemap) return newsSitemapResponse(world, req, outlet);
  if (req.path === PATHS.sitemapIndex) return sitemapIndexResponse(world, req, outlet);
  return undefined;
}

/** Article URLs end in `-a123.html` (own) or `-s456.html` (shared story). */
const ARTICLE = /-(a-?\d+|s\d+f?)\.html$/;

function pageRoute(world: World, req: SimRequest, outlet: SimOutlet): SimResponse {
  const chrome = chromeFor(world, req, outlet);
  if (req.path === "/") return frontPageResponse(world, req, outlet);
  if (req.path === PATHS.legalNotice) {
    return { ...respond(200, TYPES.html, renderLegalNotice(chrome, req.now)), lastModified: legalNoticeRevision(req.now) };
  }
  if (req.path.startsWith("/usuario/")) return respond(302, TYPES.text, "", { location: "/login" });
  const service = renderServicePage(chrome, req.path);
  if (service) return respond(200, TYPES.html, service);
  const local = ARTICLE.exec(req.path)?.[1];
  const article = local ? world.article(`${outlet.slug}:${local}`) : undefined;
  if (article && article.publishedAt <= req.now) {
    // A stale slug or date still finds the article, as on real sites: redirect to the canonical path.
    if (article.path !== req.path) return respond(301, TYPES.text, "", { location: `${req.origin(outlet.hosts.www)}${article.path}` });
    return articleResponse(world, req, outlet, article);
  }
  const section = /^\/([a-z]+)\/$/.exec(req.path)?.[1];
  const sectionPage = section ? sectionResponse(world, req, outlet, section) : undefined;
  return sectionPage ?? respond(404, TYPES.html, renderNotFound(chrome));
}

/** The normal response for a request (no scenario involved). */
export function route(world: World, req: SimRequest): SimResponse {
  const site = req.site;
  if (!site) return respond(404, TYPES.text, `Unknown host ${req.host}\n`);
  const { outlet, role } = site;
  if (role === "bare") {
    const query = req.query.size > 0 ? `?${req.query.toString()}` : "";
    return respond(301, TYPES.text, "", { location: `${req.origin(outlet.hosts.www)}${req.path}${query}` });
  }
  if (req.path === "/robots.txt") return { ...respond(200, TYPES.text, renderRobots(req.robots)), lastModified: req.robots.changedAt };
  if (req.path === PATHS.tdmrep) return tdmrep(req, outlet);
  const isFeeds = outlet.hosts.feeds === req.host;
  const isSitemaps = outlet.hosts.sitemaps === req.host;
  const isWww = outlet.hosts.www === req.host;
  const answer = (isFeeds ? feedRoute(world, req, outlet) : undefined) ?? (isSitemaps ? sitemapRoute(world, req, outlet) : undefined);
  if (answer) return answer;
  return isWww ? pageRoute(world, req, outlet) : notFound();
}
