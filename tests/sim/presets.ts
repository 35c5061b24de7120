/**
 * Named shortcuts for the scenarios tests use most, so a test reads like its
 * sentence: `sim.setScenario(host, [robotsStatus(500)])`.
 */
import type { Scenario } from "./scenarios/types";

/** robots.txt answers with `status` (e.g. 404 → "no readable robots", 500 → unreachable). */
export const robotsStatus = (status: number): Scenario => ({ kind: "status", status, path: "/robots.txt" });

/** robots.txt never answers headers; the connection drops after `seconds` if given. */
export const robotsTimeout = (seconds?: number): Scenario => ({ kind: "hang", path: "/robots.txt", seconds });

/** robots.txt asks for `Crawl-delay: seconds` in the `*` group. */
export const crawlDelay = (seconds: number): Scenario => ({ kind: "crawl-delay", seconds });

/** robots.txt disallows `paths` to HemeroscopioBot by name (a group that replaces `*` for us). */
export const disallowUs = (...paths: string[]): Scenario => ({ kind: "robots-group", agents: ["HemeroscopioBot"], disallow: paths });

/** robots.txt disallows everything to other bots only (must not apply to us, SPEC ROB-5). */
export const disallowOtherBots = (): Scenario => ({ kind: "robots-group", agents: ["GPTBot", "CCBot", "ClaudeBot"], disallow: ["/"] });

/** 429 with Retry-After in seconds or as an HTTP-date. */
export const tooManyRequests = (seconds: number, format: "seconds" | "http-date" = "seconds"): Scenario => ({
  kind: "retry-after",
  status: 429,
  seconds,
  format,
});

/** 503 with Retry-After in seconds or as an HTTP-date. */
export const unavailable = (seconds: number, format: "seconds" | "http-date" = "seconds"): Scenario => ({
  kind: "retry-after",
  status: 503,
  seconds,
  format,
});

/** 403 for the whole host (SPEC BLK-1). */
export const forbidden = (): Scenario => ({ kind: "status", status: 403 });

/** A Cloudflare challenge served with 200, with or without `cf-mitigated`. */
export const cloudflareChallenge = (header = true): Scenario => ({ kind: "challenge", header });

/** The front page redesigned as a client-side app: no article link left in its HTML (SPEC EXT-6). */
export const redesignedFrontPage = (): Scenario => ({ kind: "redesign" });

/** A feed or sitemap path answered 200 with an HTML error page instead (a soft error, SPEC EXT-6). */
export const softErrorPage = (path: string): Scenario => ({
  kind: "status",
  status: 200,
  path,
  headers: { "content-type": "text/html; charset=utf-8" },
  body: '<!doctype html><html lang="es"><head><title>Página no encontrada</title></head><body><h1>Vaya, esta página no existe</h1><p><a href="/">Volver a la portada</a></p></body></html>',
});
