/**
 * What the public "El bot" page states (SPEC ID-4), derived from the live configuration
 * so that its intervals, limits, User-Agent and contacts are always the ones in force.
 * Pure: the page renders this data and adds no figure of its own.
 */
import type { Config } from "../config";
import { lastRevision, type Release } from "../changelog";
import {
  formatBytes,
  formatCount,
  formatDay,
  formatDuration,
  formatEvery,
  formatHourOfDay,
  formatList,
  formatMinutes,
  formatSecondsRange,
} from "./format";

/** Where the Web Bot Auth public keys are published (SPEC ID-3). */
export const KEY_DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";
/** Our configured egress addresses as JSON (SPEC ID-4). */
export const IPS_JSON_PATH = "/bot/ips.json";
/** Our own TDM reservation (SPEC ID-4, TDMRep). */
export const TDMREP_PATH = "/.well-known/tdmrep.json";

/** Commitments SPEC fixes (not configurable), worded once for the page. */
export const fixedCommitments = {
  /** EXT-3: the automated browser's window. */
  browserViewport: "1280×900",
  /** BLK-7: share of failed captures over the window that marks an outlet degraded. */
  degradedShare: "40 %",
  degradedWindow: "siete días",
  /** PUB-2: exclusions by the automatic form, by mail, and their confirmation. */
  exclusionByForm: "15 minutos",
  exclusionByMail: "24 horas laborables",
  exclusionConfirmed: "72 horas",
  /** PUB-4: replies are published within this time. */
  replyPublished: "3 días",
  /** STO-2, DER-2: story fingerprints are deleted after this time. */
  fingerprintRetention: "72 horas",
} as const;

/** The page's path, as CHANGELOG.md names the releases that change its promises. */
export const BOT_PAGE_PATH = "/bot";

/** "5 de diciembre de 2026 (versión 0.1.0)": the newest release of CHANGELOG.md that changed this page. */
function revisionLine(releases: readonly Release[]): string {
  const last = lastRevision(releases, BOT_PAGE_PATH);
  return last ? `${formatDay(last.day)} (versión ${last.version})` : "sin revisión anotada en el registro de cambios";
}

/** Everything the bot page says, already worded in Spanish where it is a figure. */
export interface BotPageData {
  identity: {
    /** The User-Agent header exactly as the crawler sends it (SPEC ID-1). */
    userAgent: string;
    /** The `From` header value. */
    from: string;
    /** The token robots.txt groups name, as a publisher would write it. */
    productToken: string;
    /** A robots.txt group that excludes us entirely. */
    robotsExample: string;
    /** The origin named by our `Signature-Agent` header (SPEC ID-3). */
    signatureAgent: string;
    version: string;
    egressIps: string[];
  };
  /** Technical questions, publishers (exclusions, replies), privacy (data protection, bylines), anything else. */
  contacts: { bot: string; publishers: string; privacy: string; general: string };
  /** "Última revisión de esta página": the date and version of the newest release that changed it. */
  revision: string;
  paths: { ipsJson: string; keyDirectory: string; tdmrep: string };
  schedule: {
    feeds: string;
    sitemaps: string;
    /** The three front-page intervals, e.g. "15, 30 o 60 minutos". */
    frontPage: string;
    frontPageBusy: string;
    frontPageStill: string;
    /** The night window in the outlet's time zone, e.g. "entre la 01:00 y las 06:00". */
    night: string;
    articleBudget: string;
    legalNotices: string;
  };
  limits: {
    pacing: string;
    connectTimeout: string;
    totalTimeout: string;
    maxBody: string;
    maxSitemap: string;
    maxRedirects: string;
    retryAfterGiveUp: string;
    robotsCache: string;
    robotsStaleLimit: string;
    probeEvery: string;
  };
  /** SPEC ROB-3: what a robots.txt 4xx means for us. */
  robots4xx: Config["politeness"]["robots4xx"];
  commitments: typeof fixedCommitments;
}

/** Map the configuration, and the changelog's releases (lib/changelog-file.ts), to the facts the bot page prints. */
export function botPageData(config: Config, releases: readonly Release[] = []): BotPageData {
  const { bot, schedule: s, politeness: p } = config;
  const front = s.frontPageMinutes;
  return {
    identity: {
      userAgent: bot.userAgent,
      from: bot.email,
      productToken: bot.name,
      robotsExample: `User-agent: ${bot.name}\nDisallow: /`,
      signatureAgent: config.siteUrl,
      version: bot.version,
      egressIps: [...bot.egressIps],
    },
    contacts: { bot: bot.email, publishers: config.publishersEmail, privacy: config.privacyEmail, general: config.contactEmail },
    revision: revisionLine(releases),
    paths: { ipsJson: IPS_JSON_PATH, keyDirectory: KEY_DIRECTORY_PATH, tdmrep: TDMREP_PATH },
    schedule: {
      feeds: formatEvery(s.feedIntervalMinutes * 60_000),
      sitemaps: formatEvery(s.sitemapIntervalMinutes * 60_000),
      frontPage: `${formatList([front.busy, front.calm, front.still].map(String), "o")} minutos`,
      frontPageBusy: formatMinutes(front.busy),
      frontPageStill: formatEvery(front.still * 60_000),
      night: `entre ${formatHourOfDay(s.nightHours.from)} y ${formatHourOfDay(s.nightHours.to)}`,
      articleBudget: formatCount(s.articleDailyBudget, "artículo", "artículos"),
      legalNotices: formatEvery(s.legalNoticeDays * 24 * 3_600_000),
    },
    limits: {
      pacing: formatSecondsRange(p.pacingMinMs, p.pacingMaxMs),
      connectTimeout: formatDuration(p.connectTimeoutMs),
      totalTimeout: formatDuration(p.totalTimeoutMs),
      maxBody: formatBytes(p.maxBodyBytes),
      maxSitemap: formatBytes(p.maxSitemapBytes),
      maxRedirects: formatCount(p.maxRedirects, "redirección", "redirecciones"),
      retryAfterGiveUp: formatDuration(p.retryAfterGiveUpMs),
      robotsCache: formatDuration(p.robotsCacheMs),
      robotsStaleLimit: formatDuration(p.robotsStaleLimitMs),
      probeEvery: formatEvery(p.probeIntervalMs),
    },
    robots4xx: p.robots4xx,
    commitments: fixedCommitments,
  };
}
