/**
 * The small machine-readable documents the site publishes about itself (SPEC ID-4):
 * robots.txt, tdmrep.json with its ODRL policy, the bot's egress addresses and the
 * sitemap. Pure functions of the configuration, so each is tested without a server.
 */
import type { Config } from "../config";
import { otherPublicPages, siteSections } from "./sections";

/** Where our ODRL TDM policy lives (linked from tdmrep.json). */
export const TDM_POLICY_PATH = "/tdm-policy.json";

/** `/bot/ips.json`: the configured egress addresses (may be empty) and when this list was read. */
export function egressIpsDocument(config: Config, updated: Date): { egressIps: string[]; updated: string } {
  return { egressIps: [...config.bot.egressIps], updated: updated.toISOString() };
}

/** Where the open data lives (SPEC WEB-3): the read-only API and, under it, the exports. */
export const OPEN_DATA_PATH = "/api/";

/** TDMRep entries: the first whose location matches a URL applies. */
export type TdmRepEntry = { location: string; "tdm-reservation": 0 } | { location: string; "tdm-reservation": 1; "tdm-policy": string };

/**
 * `/.well-known/tdmrep.json` (W3C TDMRep): the open data (API and exports, CC BY 4.0 on
 * /datos) carries no reservation, so anyone may mine it; the pages, which quote the
 * outlets' headlines, reserve TDM rights (we cannot grant what is not ours).
 */
export function tdmrepDocument(config: Config): TdmRepEntry[] {
  return [
    { location: OPEN_DATA_PATH, "tdm-reservation": 0 },
    { location: "/", "tdm-reservation": 1, "tdm-policy": `${config.siteUrl}${TDM_POLICY_PATH}` },
  ];
}

/** The TDMRep ODRL profile policy: mining needs our consent; how to ask for it. */
export function tdmPolicyDocument(config: Config): Record<string, unknown> {
  return {
    "@context": ["http://www.w3.org/ns/odrl.jsonld", { tdm: "http://www.w3.org/ns/tdmrep#" }],
    "@type": "Offer",
    uid: `${config.siteUrl}${TDM_POLICY_PATH}`,
    profile: "http://www.w3.org/ns/tdmrep",
    assigner: {
      uid: config.siteUrl,
      "vcard:fn": "Hemeroscopio",
      "vcard:hasEmail": `mailto:${config.contactEmail}`,
      "vcard:hasURL": `${config.siteUrl}/quienes-somos#reutilizacion`,
    },
    obligation: [{ action: "obtainConsent" }],
  };
}

/**
 * Our own robots.txt. Everything public may be crawled; the operator's admin and the
 * API's endless lists are kept out of crawlers' way (robots.txt is a courtesy, not access
 * control: the admin needs a session and the open data stays downloadable), but not the
 * exports, which are the open data in bulk (WEB-3); search result pages are an endless
 * space. Our own bot has no reason to read this site.
 */
export function robotsTxt(config: Config): string {
  return [
    "# Hemeroscopio: an open observatory of the Spanish news media.",
    `# Our crawler and how it behaves: ${config.bot.url}`,
    `# Text and data mining rights are reserved on the pages, not on the open data (${OPEN_DATA_PATH}): ${config.siteUrl}/.well-known/tdmrep.json`,
    "",
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Allow: /api/v1/exports/",
    "Disallow: /buscar?",
    "",
    `# ${config.bot.name} reads only the outlets it follows, never this site.`,
    `User-agent: ${config.bot.name}`,
    "Disallow: /",
    "",
    `Sitemap: ${config.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** `/sitemap.xml`: every public section and the page of each followed outlet. */
export function sitemapXml(config: Config, outletSlugs: readonly string[]): string {
  // Pages outside the navigation are listed too (/datos, /robots…), except the ones that exist only as details (/noticias/{id}).
  const others = otherPublicPages.filter((p) => p.caching !== "details").map((p) => p.href);
  const paths = [...siteSections.map((s) => s.href), ...others, ...outletSlugs.map((slug) => `/cabeceras/${encodeURIComponent(slug)}`)];
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(`${config.siteUrl}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
