/**
 * The application's configuration, parsed once from the environment.
 *
 * This is the only module that reads `process.env` (docs/style.md §12). Every other
 * module receives the typed `Config` (or a part of it) as a parameter. A bad
 * value fails fast with one clear line naming the variable (`ConfigError`).
 */
import path from "node:path";
import { z } from "zod";

/** A configuration problem a person can fix; its message is one line. */
export class ConfigError extends Error {
  readonly code = "config_invalid";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConfigError";
  }
}

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.url({ protocol: /^https?$/ });

/** `hostpattern=address:port` pairs, like `curl --resolve` (docs/architecture.md runtime knobs). */
export interface ResolveRule {
  /** Exact host (`a.test`) or wildcard suffix (`*.test`). */
  pattern: string;
  address: string;
  port: number;
}

const resolveRules = z.string().transform((value, ctx): ResolveRule[] => {
  const rules: ResolveRule[] = [];
  for (const item of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([*a-z0-9.-]+)=(\[[0-9a-f:.]+\]|[0-9.]+|[a-z0-9.-]+):(\d{1,5})$/i.exec(item);
    const port = m ? Number(m[3]) : 0;
    if (!m || port < 1 || port > 65535) {
      ctx.addIssue({ code: "custom", message: `"${item}" is not host=address:port` });
      return z.NEVER;
    }
    rules.push({ pattern: m[1]!.toLowerCase(), address: m[2]!.replace(/^\[|\]$/g, ""), port });
  }
  return rules;
});

const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

/** The public project's address: the default site URL, which a self-hoster must replace (lib/site-url-check.ts). */
export const DEFAULT_SITE_URL = "https://hemeroscopio.org";

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  /** The site's public reads (pages, API, exports), e.g. a streaming replica; unset = DATABASE_URL. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  HEMEROSCOPIO_DATA_DIR: z.string().min(1).default("./data"),
  HEMEROSCOPIO_OUTLETS: z.string().min(1).optional(),
  HEMEROSCOPIO_RESOLVE: resolveRules.default([]),
  PORT: int(1, 65535).default(3000),
  /** Address the site listens on; `0.0.0.0` to serve beyond this machine (behind a proxy). */
  HEMEROSCOPIO_HOST: z.string().min(1).default("127.0.0.1"),
  CHROMIUM_PATH: z.string().min(1).default("/usr/bin/chromium"),
  /** `inline`: `npm start` also runs the crawler worker; `off`: site only. */
  HEMEROSCOPIO_WORKER: z.enum(["inline", "off"]).default("inline"),
  /** The site sits behind a reverse proxy that appends the reader's address to X-Forwarded-For. */
  HEMEROSCOPIO_TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Seconds a public data page is served from the page cache after it was rendered; 0 renders every request. */
  HEMEROSCOPIO_PAGE_CACHE_S: int(0, 3600).default(30),
  /**
   * Next.js renderer processes behind the site's front door. One by default: the page cache answers
   * most requests, and a second renderer costs about 65 MiB PSS (docs/benchmarks.md, "Footprint").
   */
  HEMEROSCOPIO_SITE_RENDERERS: int(1, 16).default(1),
  /**
   * Renders (requests the page cache cannot answer) one reader address may have in flight, and
   * the site in all; beyond them a short queue, then a fast 503 (lib/front-door/page-cache/miss-gate.ts).
   */
  HEMEROSCOPIO_MISSES_PER_READER: int(1, 64).default(2),
  HEMEROSCOPIO_MISSES_TOTAL: int(1, 1024).default(8),
  /** Requests waiting for a render slot, in all (each reader at most its own in-flight bound), and for how long (ms). */
  HEMEROSCOPIO_MISS_QUEUE: int(0, 4096).default(16),
  HEMEROSCOPIO_MISS_WAIT_MS: int(0, 60_000).default(2_000),
  /** Exports (built from the database as they stream) at once, in all, one per reader; each also takes a render slot. */
  HEMEROSCOPIO_MISSES_EXPORTS: int(1, 64).default(2),
  /** API calls, and exports, one reader address may make a minute; past them a 429 (lib/front-door/api-budget.ts). */
  HEMEROSCOPIO_API_BUDGET: int(1, 1_000_000).default(600),
  HEMEROSCOPIO_EXPORT_BUDGET: int(1, 1_000_000).default(20),
  /** The site's longest SQL statement, in ms; PostgreSQL cancels any longer one (the page then says the data is unavailable). 0 = no limit. */
  HEMEROSCOPIO_STATEMENT_TIMEOUT_MS: int(0, 3_600_000).default(10_000),
  /** Backups kept in `<data dir>/backups` (OPS-2); older ones are deleted after each backup and by the worker. */
  HEMEROSCOPIO_BACKUP_KEEP: int(1, 1000).default(7),
  /** Days of bulk files (`<data dir>/bulk`, /datos/volcados) kept; older ones are deleted by the worker. */
  HEMEROSCOPIO_BULK_KEEP_DAYS: int(1, 3660).default(30),
  /** The bulk files' folder; unset = `<data dir>/bulk`. A folder both the worker and the website machines see (docs/operations.md). */
  HEMEROSCOPIO_BULK_DIR: z.string().min(1).optional(),
  // STO-6 retention windows, in days. The floors are the longest period a public figure reads
  // (7 days: /estado and the outlet pages' collection shares; 24 h: the login throttle).
  /** The request log (STO-5), kept as proof of our behaviour. */
  HEMEROSCOPIO_RETAIN_REQUESTS_DAYS: int(7, 3650).default(90),
  /** Front-page captures that failed (any outcome but `ok`); successful ones are kept: they tile the rank spans. */
  HEMEROSCOPIO_RETAIN_FAILED_CAPTURES_DAYS: int(7, 3650).default(30),
  /** Hourly probes of closed front pages (BLK-2). */
  HEMEROSCOPIO_RETAIN_PROBES_DAYS: int(7, 3650).default(30),
  /** Public form and login attempts (hashed addresses), for rate limits and the login throttle. */
  HEMEROSCOPIO_RETAIN_FORM_ATTEMPTS_DAYS: int(1, 365).default(2),
  HEMEROSCOPIO_LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Tests and demo: refuse every host that no resolve rule names, before DNS. */
  HEMEROSCOPIO_ONLY_RESOLVED: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Tests and demo: the crawler's clock runs this many times faster than real time. */
  HEMEROSCOPIO_TIME_SCALE: z.coerce.number().min(1).max(10_000).default(1),
  /** Tests and demo: the real instant (ms) at which the scaled clock equals real time. */
  HEMEROSCOPIO_TIME_ORIGIN: z.coerce.number().int().min(0).optional(),
  /** Benchmarks: every this many real seconds the worker logs its memory after a full GC (needs `--expose-gc`); 0 = off. */
  HEMEROSCOPIO_MEMORY_PROBE_S: int(0, 86_400).default(0),

  // Identity (SPEC ID-1). A deployment has its own domain and contacts.
  HEMEROSCOPIO_BOT_NAME: z
    .string()
    .regex(/^[A-Za-z_-]+$/, "letters, '_' and '-' only")
    .default("HemeroscopioBot"),
  HEMEROSCOPIO_BOT_VERSION: z
    .string()
    .regex(/^[0-9A-Za-z.]+$/)
    .default("1.0"),
  HEMEROSCOPIO_SITE_URL: url.default(DEFAULT_SITE_URL),
  HEMEROSCOPIO_BOT_EMAIL: z.email().default("bot@hemeroscopio.org"),
  HEMEROSCOPIO_CONTACT_EMAIL: z.email().default("contacto@hemeroscopio.org"),
  /** Publishers: exclusions and replies (SPEC PUB-1, PUB-4). */
  HEMEROSCOPIO_PUBLISHERS_EMAIL: z.email().default("editores@hemeroscopio.org"),
  /** Data protection and authors' byline requests (SPEC PUB-5). */
  HEMEROSCOPIO_PRIVACY_EMAIL: z.email().default("privacidad@hemeroscopio.org"),
  HEMEROSCOPIO_EGRESS_IPS: list.default([]),

  // Schedules (SPEC SCH-1, SCH-2, SCH-3).
  HEMEROSCOPIO_FEED_INTERVAL_MIN: int(1, 1440).default(10),
  HEMEROSCOPIO_SITEMAP_INTERVAL_MIN: int(1, 1440).default(15),
  HEMEROSCOPIO_ARTICLE_DAILY_BUDGET: int(0, 1_000_000).default(500),
  /**
   * Jobs one worker process keeps in flight, each on a different site waiting for that site's
   * turn: at least the sites it serves, or sites sit idle (a site with a 40 s Crawl-delay holds
   * its slot 40 s). 32 serves a few hundred outlets at the 3–5 s pacing.
   */
  HEMEROSCOPIO_WORKER_CONCURRENCY: int(1, 100_000).default(32),
  HEMEROSCOPIO_WORKER_ANALYSIS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),

  // Politeness (SPEC POL-1, POL-5, BLK-3, ROB-3).
  HEMEROSCOPIO_PACING_MIN_MS: int(0, 3_600_000).default(3000),
  HEMEROSCOPIO_PACING_MAX_MS: int(0, 3_600_000).default(5000),
  HEMEROSCOPIO_CONNECT_TIMEOUT_MS: int(100, 600_000).default(10_000),
  HEMEROSCOPIO_TOTAL_TIMEOUT_MS: int(100, 600_000).default(30_000),
  HEMEROSCOPIO_MAX_BODY_BYTES: int(1024, 1 << 30).default(10 * 1024 * 1024),
  HEMEROSCOPIO_MAX_SITEMAP_BYTES: int(1024, 1 << 30).default(50 * 1024 * 1024),
  HEMEROSCOPIO_MAX_REDIRECTS: int(0, 5).default(5),
  HEMEROSCOPIO_RETRY_AFTER_GIVE_UP_HOURS: int(1, 168).default(6),
  HEMEROSCOPIO_ROBOTS_4XX: z.enum(["not-read", "allow-all"]).default("not-read"),

  /** ADM-3: an SMTP server (`smtp://user:pass@host:587`, `smtps://…:465`); set = the worker mails the operator what needs attention. */
  HEMEROSCOPIO_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+\/?(\?\S*)?$/, "must be smtp://[user:pass@]host[:port] or smtps://…")
    .optional(),
  /** ADM-3: where those mails go; required with HEMEROSCOPIO_SMTP_URL. */
  HEMEROSCOPIO_OPERATOR_EMAIL: z.email().optional(),
  /** OPS-5: a bearer token that opens `/metrics` to clients other than loopback; unset = loopback only. */
  HEMEROSCOPIO_METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, "must be 16+ printable characters, no spaces")
    .optional(),
  /** ADM-1: the operator's password hash (`scrypt$N$r$p$salt$hash`); unset = first-run setup page. */
  HEMEROSCOPIO_OPERATOR_PASSWORD_HASH: z
    .string()
    .regex(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/, "must be scrypt$N$r$p$salt$hash")
    .optional(),
});

/** Typed, validated configuration. Every field has SPEC's default. */
export interface Config {
  /** Unset = embedded PostgreSQL under `dataDir` (SPEC OPS-1). */
  databaseUrl?: string;
  /**
   * Where the site's public reads go (pages, API, exports), e.g. a streaming replica of
   * `databaseUrl`; writes (forms, admin) and the workers use `databaseUrl`. Unset = `databaseUrl`.
   */
  databaseReadUrl?: string;
  /** Absolute path; embedded PostgreSQL, keys and logs live here. @default ./data */
  dataDir: string;
  /** Outlets file imported at start (docs/architecture.md outlets file). */
  outletsFile?: string;
  resolve: ResolveRule[];
  port: number;
  host: string;
  chromiumPath: string;
  worker: "inline" | "off";
  /** Refuse hosts no resolve rule names (tests, demo). @default false */
  onlyResolved: boolean;
  /** A scaled clock for tests and the demo; `scale` 1 is real time. */
  time: { scale: number; origin?: number };
  logLevel: "debug" | "info" | "warn" | "error";
  /** Benchmarks: seconds between the worker's memory probes (crawler/memory-probe.ts); 0 = off. @default 0 */
  memoryProbeSeconds: number;
  /** `npm run backup`'s folder (`<dataDir>/backups`) and how many backups it keeps. @default keep 7 */
  backups: { dir: string; keep: number };
  /** The nightly bulk files' folder (`<dataDir>/bulk` unless HEMEROSCOPIO_BULK_DIR) and how many days it keeps (SPEC WEB-9). @default keepDays 30 */
  bulk: { dir: string; keepDays: number };
  /** STO-6: days each growing log is kept; the worker's housekeeping prunes older rows. @default 90, 30, 30, 2 */
  retention: { requestsDays: number; failedCapturesDays: number; probesDays: number; formAttemptsDays: number };
  /** Seconds public data pages are served from the page cache. @default 30 */
  pageCacheSeconds: number;
  /** Readers' addresses come from a trusted reverse proxy's X-Forwarded-For. @default false */
  trustProxy: boolean;
  /** Bounds on renders per reader and in all, their queue, and exports at once (miss-gate.ts). @default 2, 8, 16 queued for 2000 ms, 2 */
  misses: { perReader: number; total: number; queue: number; queueWaitMs: number; exports: number };
  /** API calls and exports per reader address a minute (api-budget.ts). @default 600, 20 */
  apiBudgets: { api: { limit: number; windowS: number }; exports: { limit: number; windowS: number } };
  /** Renderer processes of the site. @default min(2, cores) */
  siteRenderers: number;
  /** The site's pool cancels statements running longer (ms); 0 = no limit. Renders give up at 15 s. @default 10000 */
  siteStatementTimeoutMs: number;
  bot: {
    name: string;
    version: string;
    /** Public page describing the bot: `${siteUrl}/bot`. */
    url: string;
    email: string;
    /** Full User-Agent header (SPEC ID-1). */
    userAgent: string;
    /** Lower-case product token that robots.txt groups are matched against. */
    productToken: string;
    egressIps: string[];
  };
  siteUrl: string;
  /** General contact. */
  contactEmail: string;
  /** Publishers' address: exclusions and replies. */
  publishersEmail: string;
  /** Privacy address: data protection and byline requests. */
  privacyEmail: string;
  /** ADM-3: mail to the operator; unset = no mail (the attention list, its feed and badge only). */
  mail?: { smtpUrl: string; to: string; from: string };
  /** OPS-5: the bearer token that opens `/metrics` beyond loopback; unset = loopback only. */
  metricsToken?: string;
  /** ADM-1: an operator password hash given by the deployment; when set, the setup page is closed. */
  operatorPasswordHash?: string;
  schedule: {
    feedIntervalMinutes: number;
    sitemapIntervalMinutes: number;
    /** SPEC SCH-2: the three front-page intervals and the night window. */
    frontPageMinutes: { busy: number; calm: number; still: number };
    nightHours: { from: number; to: number };
    articleDailyBudget: number;
    /** Jobs in flight per worker process (crawler/loop.ts `concurrency`). */
    workerConcurrency: number;
    /** Whether this worker's housekeeping also runs the analysis (headlines, stories, prominence), or leaves it to others. */
    workerAnalysis: boolean;
    legalNoticeDays: number;
  };
  politeness: {
    pacingMinMs: number;
    pacingMaxMs: number;
    connectTimeoutMs: number;
    totalTimeoutMs: number;
    maxBodyBytes: number;
    maxSitemapBytes: number;
    maxRedirects: number;
    retryAfterGiveUpMs: number;
    robots4xx: "not-read" | "allow-all";
    robotsCacheMs: number;
    robotsStaleLimitMs: number;
    probeIntervalMs: number;
  };
}

/** Parse an environment into a `Config`, or throw a one-line `ConfigError`. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message.replace(/^Invalid input: /, "")} (got "${String(env[name] ?? "")}")`,
    );
  }
  const e = parsed.data;
  if (e.HEMEROSCOPIO_PACING_MAX_MS < e.HEMEROSCOPIO_PACING_MIN_MS) {
    throw new ConfigError("Invalid configuration: HEMEROSCOPIO_PACING_MAX_MS is smaller than HEMEROSCOPIO_PACING_MIN_MS");
  }
  if (e.DATABASE_READ_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ConfigError("Invalid configuration: DATABASE_READ_URL is set without DATABASE_URL (the primary that takes the writes)");
  }
  if (e.HEMEROSCOPIO_SMTP_URL !== undefined && e.HEMEROSCOPIO_OPERATOR_EMAIL === undefined) {
    throw new ConfigError("Invalid configuration: HEMEROSCOPIO_SMTP_URL is set without HEMEROSCOPIO_OPERATOR_EMAIL (where the mail goes)");
  }
  const siteUrl = e.HEMEROSCOPIO_SITE_URL.replace(/\/+$/, "");
  const botUrl = `${siteUrl}/bot`;
  return {
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    dataDir: path.resolve(e.HEMEROSCOPIO_DATA_DIR),
    outletsFile: e.HEMEROSCOPIO_OUTLETS,
    resolve: e.HEMEROSCOPIO_RESOLVE,
    port: e.PORT,
    host: e.HEMEROSCOPIO_HOST,
    chromiumPath: e.CHROMIUM_PATH,
    worker: e.HEMEROSCOPIO_WORKER,
    onlyResolved: e.HEMEROSCOPIO_ONLY_RESOLVED,
    time: { scale: e.HEMEROSCOPIO_TIME_SCALE, origin: e.HEMEROSCOPIO_TIME_ORIGIN },
    logLevel: e.HEMEROSCOPIO_LOG_LEVEL,
    memoryProbeSeconds: e.HEMEROSCOPIO_MEMORY_PROBE_S,
    backups: { dir: path.join(path.resolve(e.HEMEROSCOPIO_DATA_DIR), "backups"), keep: e.HEMEROSCOPIO_BACKUP_KEEP },
    bulk: {
      dir: path.resolve(e.HEMEROSCOPIO_BULK_DIR ?? path.join(e.HEMEROSCOPIO_DATA_DIR, "bulk")),
      keepDays: e.HEMEROSCOPIO_BULK_KEEP_DAYS,
    },
    retention: {
      requestsDays: e.HEMEROSCOPIO_RETAIN_REQUESTS_DAYS,
      failedCapturesDays: e.HEMEROSCOPIO_RETAIN_FAILED_CAPTURES_DAYS,
      probesDays: e.HEMEROSCOPIO_RETAIN_PROBES_DAYS,
      formAttemptsDays: e.HEMEROSCOPIO_RETAIN_FORM_ATTEMPTS_DAYS,
    },
    pageCacheSeconds: e.HEMEROSCOPIO_PAGE_CACHE_S,
    trustProxy: e.HEMEROSCOPIO_TRUST_PROXY,
    siteRenderers: e.HEMEROSCOPIO_SITE_RENDERERS,
    misses: {
      perReader: e.HEMEROSCOPIO_MISSES_PER_READER,
      total: e.HEMEROSCOPIO_MISSES_TOTAL,
      queue: e.HEMEROSCOPIO_MISS_QUEUE,
      queueWaitMs: e.HEMEROSCOPIO_MISS_WAIT_MS,
      exports: e.HEMEROSCOPIO_MISSES_EXPORTS,
    },
    apiBudgets: {
      api: { limit: e.HEMEROSCOPIO_API_BUDGET, windowS: 60 },
      exports: { limit: e.HEMEROSCOPIO_EXPORT_BUDGET, windowS: 60 },
    },
    siteStatementTimeoutMs: e.HEMEROSCOPIO_STATEMENT_TIMEOUT_MS,
    bot: {
      name: e.HEMEROSCOPIO_BOT_NAME,
      version: e.HEMEROSCOPIO_BOT_VERSION,
      url: botUrl,
      email: e.HEMEROSCOPIO_BOT_EMAIL,
      userAgent: `${e.HEMEROSCOPIO_BOT_NAME}/${e.HEMEROSCOPIO_BOT_VERSION} (+${botUrl}; ${e.HEMEROSCOPIO_BOT_EMAIL})`,
      productToken: e.HEMEROSCOPIO_BOT_NAME.toLowerCase(),
      egressIps: e.HEMEROSCOPIO_EGRESS_IPS,
    },
    siteUrl,
    contactEmail: e.HEMEROSCOPIO_CONTACT_EMAIL,
    publishersEmail: e.HEMEROSCOPIO_PUBLISHERS_EMAIL,
    privacyEmail: e.HEMEROSCOPIO_PRIVACY_EMAIL,
    operatorPasswordHash: e.HEMEROSCOPIO_OPERATOR_PASSWORD_HASH,
    mail:
      e.HEMEROSCOPIO_SMTP_URL === undefined
        ? undefined
        : { smtpUrl: e.HEMEROSCOPIO_SMTP_URL, to: e.HEMEROSCOPIO_OPERATOR_EMAIL!, from: e.HEMEROSCOPIO_BOT_EMAIL },
    metricsToken: e.HEMEROSCOPIO_METRICS_TOKEN,
    schedule: {
      feedIntervalMinutes: e.HEMEROSCOPIO_FEED_INTERVAL_MIN,
      sitemapIntervalMinutes: e.HEMEROSCOPIO_SITEMAP_INTERVAL_MIN,
      frontPageMinutes: { busy: 15, calm: 30, still: 60 },
      nightHours: { from: 1, to: 6 },
      articleDailyBudget: e.HEMEROSCOPIO_ARTICLE_DAILY_BUDGET,
      workerConcurrency: e.HEMEROSCOPIO_WORKER_CONCURRENCY,
      workerAnalysis: e.HEMEROSCOPIO_WORKER_ANALYSIS,
      legalNoticeDays: 30,
    },
    politeness: {
      pacingMinMs: e.HEMEROSCOPIO_PACING_MIN_MS,
      pacingMaxMs: e.HEMEROSCOPIO_PACING_MAX_MS,
      connectTimeoutMs: e.HEMEROSCOPIO_CONNECT_TIMEOUT_MS,
      totalTimeoutMs: e.HEMEROSCOPIO_TOTAL_TIMEOUT_MS,
      maxBodyBytes: e.HEMEROSCOPIO_MAX_BODY_BYTES,
      maxSitemapBytes: e.HEMEROSCOPIO_MAX_SITEMAP_BYTES,
      maxRedirects: e.HEMEROSCOPIO_MAX_REDIRECTS,
      retryAfterGiveUpMs: e.HEMEROSCOPIO_RETRY_AFTER_GIVE_UP_HOURS * 3_600_000,
      robots4xx: e.HEMEROSCOPIO_ROBOTS_4XX,
      robotsCacheMs: 24 * 3_600_000,
      robotsStaleLimitMs: 24 * 3_600_000,
      probeIntervalMs: 3_600_000,
    },
  };
}
