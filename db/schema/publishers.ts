/** Publishers and authors (SPEC PUB-*, LEG-1) and the public corrections log (WEB-1). */
import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MIN_PAUSE_SECONDS, SCOPES } from "../../lib/policy";
import { outlets } from "./outlets";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The scopes of lib/policy.ts SCOPES: exclusions (PUB-1, PUB-3), then "slow down" requests (PUB-7). */
export const exclusionScope = pgEnum("exclusion_scope", SCOPES);

/** A publisher's request and its life: received, verified, applied, confirmed (PUB-1…3, PUB-7). */
export const exclusions = pgTable(
  "exclusions",
  {
    id: serial("id").primaryKey(),
    outletId: integer("outlet_id").references(() => outlets.id, { onDelete: "set null" }),
    domain: text("domain").notNull(),
    scope: exclusionScope("scope").notNull(),
    channel: text("channel").notNull(),
    contact: text("contact"),
    token: text("token"),
    receivedAt: ts("received_at").notNull(),
    verifiedAt: ts("verified_at"),
    appliedAt: ts("applied_at"),
    confirmedAt: ts("confirmed_at"),
    withdrawnAt: ts("withdrawn_at"),
    pendingReason: text("pending_reason"),
    /** PUB-2: the crawler's last look for the token, so checks are spaced within politeness. */
    lastCheckedAt: ts("last_checked_at"),
    checks: integer("checks").notNull().default(0),
    /** PUB-7 "pausa-minima": the least seconds between two requests to the domain; null for every other scope. */
    minPauseSeconds: integer("min_pause_seconds"),
  },
  (t) => [
    index("exclusions_domain").on(t.domain),
    uniqueIndex("exclusions_token").on(t.token),
    index("exclusions_pending")
      .on(t.receivedAt)
      .where(sql`${t.verifiedAt} is null and ${t.token} is not null`),
    // Compared as text: a check naming the enum's new value would fail in the migration that adds it.
    check(
      "exclusions_min_pause",
      sql`${t.minPauseSeconds} is null or (${t.scope}::text = 'pausa-minima' and ${t.minPauseSeconds} between ${sql.raw(String(MIN_PAUSE_SECONDS.least))} and ${sql.raw(String(MIN_PAUSE_SECONDS.most))})`,
    ),
  ],
);

/** Form submissions per address (hashed with a daily salt, never stored raw) for rate limits (SEC-2). */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    form: text("form").notNull(),
    addressHash: text("address_hash").notNull(),
    at: ts("at").notNull(),
  },
  (t) => [index("form_submissions_address").on(t.form, t.addressHash, t.at)],
);

/** Replies from outlets, published in full (PUB-4). Published text is the outlet's own reply. */
export const replies = pgTable("replies", {
  id: serial("id").primaryKey(),
  outletId: integer("outlet_id")
    .notNull()
    .references(() => outlets.id, { onDelete: "cascade" }),
  author: text("author").notNull(),
  contact: text("contact"),
  replyText: text("reply_text").notNull(),
  receivedAt: ts("received_at").notNull(),
  publishedAt: ts("published_at"),
  rejectedAt: ts("rejected_at"),
});

/** Author requests to hide a byline next to cited headlines (PUB-5). */
export const bylineRequests = pgTable("byline_requests", {
  id: serial("id").primaryKey(),
  authorName: text("author_name").notNull(),
  contact: text("contact"),
  receivedAt: ts("received_at").notNull(),
  acceptedAt: ts("accepted_at"),
  rejectedAt: ts("rejected_at"),
});

/** Legal notices: a copy kept only when it changed (LEG-1, SCH-5). */
export const legalNotices = pgTable(
  "legal_notices",
  {
    id: serial("id").primaryKey(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    sha256: text("sha256").notNull(),
    noticeText: text("notice_text").notNull(),
    source: text("source").notNull(),
    capturedAt: ts("captured_at").notNull(),
  },
  (t) => [index("legal_notices_outlet").on(t.outletId, t.capturedAt)],
);

/** The public, dated log of our own corrections ("Correcciones", WEB-1). */
export const corrections = pgTable(
  "corrections",
  {
    id: serial("id").primaryKey(),
    day: date("day", { mode: "string" })
      .notNull()
      .default(sql`current_date`),
    title: text("title").notNull(),
    details: text("details").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("corrections_day").on(t.day)],
);

/** The request log: proof of our behaviour, never a body (STO-5). */
export const fetchLog = pgTable(
  "fetch_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: ts("at").notNull(),
    siteDomain: text("site_domain").notNull(),
    url: text("url").notNull(),
    kind: text("kind").notNull(),
    status: integer("status"),
    bytes: integer("bytes").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    outcome: text("outcome").notNull(),
    workerId: text("worker_id"),
  },
  (t) => [index("fetch_log_site_at").on(t.siteDomain, t.at), index("fetch_log_at").on(t.at)],
);
