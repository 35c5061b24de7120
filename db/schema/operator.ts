/** The single operator account, sessions and the audit log (SPEC ADM-1). */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One row only: the operator; the password is a salted slow hash. */
export const operator = pgTable("operator", {
  id: integer("id").primaryKey().default(1),
  passwordHash: text("password_hash").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  failedLogins: integer("failed_logins").notNull().default(0),
  lockedUntil: ts("locked_until"),
});

/** Operator sessions; the cookie carries the id, only its hash is stored. */
export const sessions = pgTable("sessions", {
  idHash: text("id_hash").primaryKey(),
  createdAt: ts("created_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

/** Every admin action (ADM-1). */
export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: ts("at").notNull().defaultNow(),
  action: text("action").notNull(),
  details: jsonb("details"),
});

/** Small key-value state of the installation (e.g. worker heartbeats). */
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * The workers' recent warnings and errors (ADM-3, `/admin/errores`, the operator feed): a
 * copy of their warn and error log lines, which hold identifiers, counts and short error
 * messages, never page text (STO-3). Bounded: the worker keeps the newest rows only.
 */
export const workerEvents = pgTable(
  "worker_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: ts("at").notNull(),
    level: text("level").notNull(),
    workerId: text("worker_id"),
    component: text("component").notNull(),
    event: text("event").notNull(),
    /** The log line's other fields (of the latest line, for a coalesced row). */
    fields: jsonb("fields").notNull(),
    /** OPS-5: lines this row stands for; more than one for a coalesced event repeated within a minute. */
    count: integer("count").notNull().default(1),
    /** OPS-5: the minute a coalesced row covers (null for a line kept on its own). */
    minute: ts("minute"),
  },
  (t) => [index("worker_events_at").on(t.at), uniqueIndex("worker_events_minute").on(t.workerId, t.level, t.component, t.event, t.minute)],
);

/**
 * ADM-3: what the operator has been mailed, one row per attention item (its key), so each is
 * mailed once; a failed send is retried from `next_attempt_at`. A row goes when its item leaves
 * the attention list, so a thing that comes back is mailed again.
 */
export const operatorNotices = pgTable("operator_notices", {
  key: text("key").primaryKey(),
  firstSeenAt: ts("first_seen_at").notNull(),
  /** Unset until the mail that carries it is accepted by the SMTP server. */
  sentAt: ts("sent_at"),
  /** A worker sending it holds it until then (several workers may run). */
  claimedUntil: ts("claimed_until"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: ts("next_attempt_at").notNull(),
  lastError: text("last_error"),
});
