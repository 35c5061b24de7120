/** Outlets, their sources, and the pacing units (sites, hosts) the crawler obeys. */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SOURCE_KINDS } from "../../lib/source-kinds";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const renderMode = pgEnum("render_mode", ["static", "browser"]);
export const sourceKind = pgEnum("source_kind", SOURCE_KINDS);

/** A news outlet ("cabecera"), SPEC CFG-1. */
export const outlets = pgTable("outlets", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  country: text("country").notNull().default("ES"),
  language: text("language").notNull().default("es"),
  /** Named collections from the outlets file (docs/outlet-groups.md); country and language groups are derived. */
  groups: text("groups")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  timezone: text("timezone").notNull().default("Europe/Madrid"),
  homepage: text("homepage").notNull(),
  legalNotice: text("legal_notice"),
  renderMode: renderMode("render_mode").notNull().default("static"),
  active: boolean("active").notNull().default(true),
  feedIntervalMinutes: integer("feed_interval_minutes").notNull().default(10),
  sitemapIntervalMinutes: integer("sitemap_interval_minutes").notNull().default(15),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** A URL the crawler polls for an outlet; due work lives here (SPEC SCH-4). */
export const sources = pgTable(
  "sources",
  {
    id: serial("id").primaryKey(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    kind: sourceKind("kind").notNull(),
    url: text("url").notNull(),
    /** Registrable domain of `url`: the pacing unit (POL-1), so claims can skip busy sites. */
    siteDomain: text("site_domain").notNull(),
    intervalMinutes: integer("interval_minutes").notNull(),
    /** Proposed by discovery (CFG-2) and waiting for the operator. */
    proposed: boolean("proposed").notNull().default(false),
    active: boolean("active").notNull().default(true),
    etag: text("etag"),
    lastModified: text("last_modified"),
    nextDueAt: ts("next_due_at").notNull().defaultNow(),
    lastSuccessAt: ts("last_success_at"),
    lastFailureAt: ts("last_failure_at"),
    failingSince: ts("failing_since"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    pausedUntil: ts("paused_until"),
    closedSince: ts("closed_since"),
    dead: boolean("dead").notNull().default(false),
    /** Change-driven front-page back-off state (SCH-2): captures in a row without change. */
    unchangedCaptures: integer("unchanged_captures").notNull().default(0),
    /** EXT-6: a poll of this feed or sitemap has yielded entries before, so an empty 200 is a failed extraction. */
    hasYielded: boolean("has_yielded").notNull().default(false),
    /** EXT-6: answered polls in a row whose extraction failed (crawler/record/extraction.ts), since when, and the latest. */
    extractionFailures: integer("extraction_failures").notNull().default(0),
    extractionFailedSince: ts("extraction_failed_since"),
    lastExtractionFailureAt: ts("last_extraction_failure_at"),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
  },
  (t) => [
    uniqueIndex("sources_outlet_kind_url").on(t.outletId, t.kind, t.url),
    index("sources_due")
      .on(t.nextDueAt)
      .where(sql`${t.active} and not ${t.proposed}`),
    index("sources_site").on(t.siteDomain),
    // The claim's per-site pick: a site's most overdue source first (crawler/schedule/claim.ts).
    index("sources_site_due")
      .on(t.siteDomain, t.nextDueAt, t.id)
      .where(sql`${t.active} and not ${t.proposed}`),
    index("sources_leased")
      .on(t.siteDomain, t.leaseUntil)
      .where(sql`${t.leaseUntil} is not null`),
    // The worker's next wake-up (crawler/schedule/claim.ts `nextDueAt`): the earliest moment a source may run, read off an index.
    index("sources_wake")
      .on(sql`greatest(${t.nextDueAt}, coalesce(${t.pausedUntil}, ${t.nextDueAt}), coalesce(${t.leaseUntil}, ${t.nextDueAt}))`)
      .where(sql`${t.active} and not ${t.proposed}`),
  ],
);

/** The pacing unit: a registrable domain (SPEC POL-1), shared across worker processes. */
export const sites = pgTable("sites", {
  domain: text("domain").primaryKey(),
  nextAllowedAt: ts("next_allowed_at").notNull().defaultNow(),
  backoffUntil: ts("backoff_until"),
  backoffReason: text("backoff_reason"),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  closedSince: ts("closed_since"),
  closedReason: text("closed_reason"),
  lastProbeAt: ts("last_probe_at"),
  stopProbing: boolean("stop_probing").notNull().default(false),
  /** SCH-3: article pages read on `readsDay` (in UTC), against the daily budget. */
  readsDay: date("reads_day", { mode: "string" }),
  readsCount: integer("reads_count").notNull().default(0),
  leaseOwner: text("lease_owner"),
  leaseUntil: ts("lease_until"),
});

/**
 * SCH-4: when each site may next have a job to claim, so that a claim reads the sites whose
 * moment has come, not every site. Triggers (db/migrations) set `wake_at` to -infinity when a
 * write may make a site's work claimable sooner (a lease released, a source or article read
 * due earlier, a new source or unread article, a back-off shortened, an outlet switched on),
 * and add one to `bumps`; a claim that finds nothing to take on a site raises `wake_at` to the
 * earliest moment it could, if `bumps` is still what it read (crawler/schedule/claim.ts).
 */
export const siteSchedule = pgTable(
  "site_schedule",
  {
    domain: text("domain").primaryKey(),
    wakeAt: ts("wake_at").notNull(),
    bumps: bigint("bumps", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("site_schedule_wake").on(t.wakeAt)],
);

/** A host's robots.txt state (SPEC ROB-1, ROB-3, ROB-4). */
export const hosts = pgTable(
  "hosts",
  {
    host: text("host").primaryKey(),
    siteDomain: text("site_domain")
      .notNull()
      .references(() => sites.domain, { onDelete: "cascade" }),
    robotsStatus: text("robots_status"),
    robotsAccess: text("robots_access"),
    robotsFetchedAt: ts("robots_fetched_at"),
    robotsLastGoodAt: ts("robots_last_good_at"),
    robotsVersionId: integer("robots_version_id"),
    robotsEtag: text("robots_etag"),
    robotsLastModified: text("robots_last_modified"),
    tdmrep: jsonb("tdmrep"),
    tdmrepFetchedAt: ts("tdmrep_fetched_at"),
  },
  (t) => [index("hosts_site").on(t.siteDomain)],
);

/** Every distinct robots.txt we obeyed, kept as proof (ROB-4); robots.txt is not article text. */
export const robotsVersions = pgTable(
  "robots_versions",
  {
    id: serial("id").primaryKey(),
    host: text("host")
      .notNull()
      .references(() => hosts.host, { onDelete: "cascade" }),
    sha256: text("sha256").notNull(),
    robotsTxt: text("robots_txt").notNull(),
    firstFetchedAt: ts("first_fetched_at").notNull(),
    lastFetchedAt: ts("last_fetched_at").notNull(),
  },
  (t) => [uniqueIndex("robots_versions_host_hash").on(t.host, t.sha256)],
);

/** Probes of closed front pages (BLK-2). */
export const probes = pgTable(
  "probes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    siteDomain: text("site_domain").notNull(),
    outletId: integer("outlet_id").references(() => outlets.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    at: ts("at").notNull(),
    status: integer("status"),
    answered: boolean("answered").notNull(),
  },
  (t) => [
    index("probes_site_at").on(t.siteDomain, t.at),
    // The retention prune deletes by time alone (npm run bench -- tables).
    index("probes_at").on(t.at),
  ],
);

/** Signals recorded per outlet and URL (SIG-1…4): TDM, meta robots, content signals, paywall. */
export const signals = pgTable(
  "signals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    scope: text("scope").notNull(),
    value: text("value").notNull(),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
  },
  (t) => [uniqueIndex("signals_unique").on(t.outletId, t.kind, t.scope, t.value)],
);

/**
 * The last check of an outlet's configured URLs (`npm run outlets -- check`): one row per outlet,
 * replaced by each check; `result` is lib/outlet-check.ts's `OutletCheck` (states, addresses and
 * statuses; never content). The admin shows it beside the outlet.
 */
export const outletChecks = pgTable("outlet_checks", {
  outletId: integer("outlet_id")
    .primaryKey()
    .references(() => outlets.id, { onDelete: "cascade" }),
  checkedAt: ts("checked_at").notNull(),
  result: jsonb("result").notNull(),
});
