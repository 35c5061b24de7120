/** The operator account, its sessions and the audit log (SPEC ADM-1). */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { fromSqlTime, sqlTime } from "../../sql-time";

/**
 * The operator row as the login needs it. (Its `failed_logins` and `locked_until` columns
 * are no longer used: throttling is per address, db/queries/admin/login-throttle.ts.)
 */
export interface OperatorRow {
  passwordHash: string;
}

/** The operator, or undefined before setup. */
export async function loadOperator(db: Executor): Promise<OperatorRow | undefined> {
  const [row] = await db.execute<{ password_hash: string }>(sql`select password_hash from operator where id = 1`);
  return row ? { passwordHash: row.password_hash } : undefined;
}

/** True when an operator exists (the setup page is then closed). */
export async function operatorExists(db: Executor): Promise<boolean> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from operator`);
  return (row?.n ?? 0) > 0;
}

/** First-run setup: creates the operator only if none exists; false when one already did (the setup cannot run twice). */
export async function createOperatorOnce(db: Executor, passwordHash: string, now: number): Promise<boolean> {
  const rows = await db.execute<{ id: number }>(sql`
    insert into operator (id, password_hash, created_at) values (1, ${passwordHash}, ${sqlTime(now)})
    on conflict (id) do nothing returning id`);
  return rows.length === 1;
}

/** With a hash from the environment, the row follows it (throttling state lives in the row). */
export async function adoptOperatorHash(db: Executor, passwordHash: string, now: number): Promise<void> {
  await db.execute(sql`
    insert into operator (id, password_hash, created_at) values (1, ${passwordHash}, ${sqlTime(now)})
    on conflict (id) do update set password_hash = excluded.password_hash
    where operator.password_hash is distinct from excluded.password_hash`);
}

/** Recovery: the passphrase becomes `newHash` only if it still is `oldHash` (a code works once); true when it changed. */
export async function replacePasswordHash(db: Executor, oldHash: string, newHash: string): Promise<boolean> {
  const rows = await db.execute<{ id: number }>(sql`
    update operator set password_hash = ${newHash} where id = 1 and password_hash = ${oldHash} returning id`);
  return rows.length === 1;
}

/** Every session ends (after a recovery: whoever held the old passphrase is out). */
export async function deleteAllSessions(db: Executor): Promise<void> {
  await db.execute(sql`delete from sessions`);
}

/** Store a new session by the hash of its id; expired ones are removed on the way. */
export async function createSession(db: Executor, idHash: string, now: number, expiresAt: number): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at <= ${sqlTime(now)}`);
  await db.execute(sql`insert into sessions (id_hash, created_at, expires_at) values (${idHash}, ${sqlTime(now)}, ${sqlTime(expiresAt)})`);
}

/** The session's expiry, when it exists and has not expired. */
export async function findSession(db: Executor, idHash: string, now: number): Promise<{ expiresAt: number } | undefined> {
  const [row] = await db.execute<{ expires_at: string }>(sql`
    select expires_at from sessions where id_hash = ${idHash} and expires_at > ${sqlTime(now)}`);
  return row ? { expiresAt: fromSqlTime(row.expires_at)! } : undefined;
}

/** Logout. */
export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.execute(sql`delete from sessions where id_hash = ${idHash}`);
}

/** Write one line of the audit log (ADM-1: every admin action). Details never hold passwords or tokens. */
export async function audit(db: Executor, action: string, details: Record<string, unknown> = {}, now = Date.now()): Promise<void> {
  await db.execute(sql`insert into audit_log (at, action, details) values (${sqlTime(now)}, ${action}, ${JSON.stringify(details)}::jsonb)`);
}

/** One line of the audit log. */
export interface AuditEntry {
  id: number;
  at: number;
  action: string;
  details: Record<string, unknown>;
}

/** The newest audit lines. */
export async function listAudit(db: Executor, limit = 200, beforeId?: number): Promise<AuditEntry[]> {
  const rows = await db.execute<{ id: number; at: string; action: string; details: Record<string, unknown> | null }>(sql`
    select id, at, action, details from audit_log ${beforeId ? sql`where id < ${beforeId}` : sql``} order by id desc limit ${limit}`);
  return rows.map((r) => ({ id: Number(r.id), at: fromSqlTime(r.at)!, action: r.action, details: r.details ?? {} }));
}
