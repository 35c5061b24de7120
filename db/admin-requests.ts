/**
 * The operator's requests queue (SPEC ADM-2, PUB-2, PUB-4, PUB-5): exclusions with their
 * confirmation, entered by hand when they come by mail; replies to publish or reject; byline
 * requests to accept or reject. Every write is conditional, so a repeated click changes nothing.
 * Names, signatures and contacts people sent are listed without bidirectional controls (SEC-2).
 */
import { shownText } from "../lib/pages/shown-text";
import { sql } from "drizzle-orm";
import type { Scope } from "../lib/policy";
import type { Executor } from "./client";
import { outletOfDomain } from "./policies-in-force";
import { fromSqlTime, sqlTime } from "./sql-time";

/** A stored free-text field as the admin shows it: without bidirectional controls (lib/pages/shown-text.ts). */
const shownOptional = (text: string | null): string | undefined => (text === null ? undefined : shownText(text));

/** An exclusion as the queue shows it. */
export interface AdminExclusion {
  id: number;
  domain: string;
  outletName?: string;
  scope: Scope;
  channel: string;
  contact?: string;
  receivedAt: number;
  verifiedAt?: number;
  appliedAt?: number;
  confirmedAt?: number;
  withdrawnAt?: number;
  pendingReason?: string;
}

/** Exclusions not yet confirmed (newest first), then the last confirmed ones. */
export async function listExclusionsForAdmin(
  db: Executor,
  confirmedLimit = 50,
): Promise<{ open: AdminExclusion[]; confirmed: AdminExclusion[] }> {
  const rows = await db.execute<{
    id: number;
    domain: string;
    name: string | null;
    scope: Scope;
    channel: string;
    contact: string | null;
    received_at: string;
    verified_at: string | null;
    applied_at: string | null;
    confirmed_at: string | null;
    withdrawn_at: string | null;
    pending_reason: string | null;
  }>(sql`
    (select e.*, o.name from exclusions e left join outlets o on o.id = e.outlet_id where e.confirmed_at is null and e.withdrawn_at is null order by e.received_at)
    union all
    (select e.*, o.name from exclusions e left join outlets o on o.id = e.outlet_id where e.confirmed_at is not null or e.withdrawn_at is not null
     order by coalesce(e.confirmed_at, e.withdrawn_at) desc limit ${confirmedLimit})`);
  const all = rows.map((r): AdminExclusion => ({
    id: r.id,
    domain: r.domain,
    outletName: r.name ?? undefined,
    scope: r.scope,
    channel: r.channel,
    contact: shownOptional(r.contact),
    receivedAt: fromSqlTime(r.received_at)!,
    verifiedAt: fromSqlTime(r.verified_at),
    appliedAt: fromSqlTime(r.applied_at),
    confirmedAt: fromSqlTime(r.confirmed_at),
    withdrawnAt: fromSqlTime(r.withdrawn_at),
    pendingReason: r.pending_reason ?? undefined,
  }));
  return { open: all.filter((e) => !e.confirmedAt && !e.withdrawnAt), confirmed: all.filter((e) => e.confirmedAt || e.withdrawnAt) };
}

/** Confirm an applied exclusion; false when it was not applied or already confirmed. */
export async function confirmExclusion(db: Executor, id: number, now: number): Promise<boolean> {
  const rows = await db.execute(sql`
    update exclusions set confirmed_at = ${sqlTime(now)}
    where id = ${id} and applied_at is not null and confirmed_at is null and withdrawn_at is null returning id`);
  return rows.length === 1;
}

/** Withdraw an exclusion (the publisher asked us to lift it). */
export async function withdrawExclusion(db: Executor, id: number, now: number): Promise<boolean> {
  const rows = await db.execute(
    sql`update exclusions set withdrawn_at = ${sqlTime(now)} where id = ${id} and withdrawn_at is null returning id`,
  );
  return rows.length === 1;
}

/** A request received by mail, entered by the operator: verified by them, in force at once (PUB-2). */
export async function enterMailExclusion(
  db: Executor,
  p: { domain: string; scope: Scope; contact?: string; receivedAt: number; now: number; minPauseSeconds?: number },
): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`
    insert into exclusions (outlet_id, domain, scope, channel, contact, received_at, verified_at, applied_at, min_pause_seconds)
    values (${outletOfDomain(p.domain)},
      ${p.domain}, ${p.scope}, 'mail', ${p.contact ?? null}, ${sqlTime(p.receivedAt)}, ${sqlTime(p.now)}, ${sqlTime(p.now)},
      ${p.minPauseSeconds ?? null}::int)
    returning id`);
  return row!.id;
}

/** A reply as the queue shows it. */
export interface AdminReply {
  id: number;
  outletName: string;
  outletSlug: string;
  author: string;
  contact?: string;
  text: string;
  receivedAt: number;
  publishedAt?: number;
  rejectedAt?: number;
}

/** Replies waiting (oldest first) and the latest decided ones. */
export async function listRepliesForAdmin(db: Executor, decidedLimit = 50): Promise<{ open: AdminReply[]; decided: AdminReply[] }> {
  const rows = await db.execute<{
    id: number;
    name: string;
    slug: string;
    author: string;
    contact: string | null;
    reply_text: string;
    received_at: string;
    published_at: string | null;
    rejected_at: string | null;
  }>(sql`
    (select r.*, o.name, o.slug from replies r join outlets o on o.id = r.outlet_id where r.published_at is null and r.rejected_at is null order by r.received_at)
    union all
    (select r.*, o.name, o.slug from replies r join outlets o on o.id = r.outlet_id where r.published_at is not null or r.rejected_at is not null
     order by coalesce(r.published_at, r.rejected_at) desc limit ${decidedLimit})`);
  const all = rows.map((r): AdminReply => ({
    id: r.id,
    outletName: r.name,
    outletSlug: r.slug,
    author: shownText(r.author),
    contact: shownOptional(r.contact),
    text: shownText(r.reply_text),
    receivedAt: fromSqlTime(r.received_at)!,
    publishedAt: fromSqlTime(r.published_at),
    rejectedAt: fromSqlTime(r.rejected_at),
  }));
  return { open: all.filter((r) => !r.publishedAt && !r.rejectedAt), decided: all.filter((r) => r.publishedAt || r.rejectedAt) };
}

/** Store a reply from the public form. */
export async function createReply(
  db: Executor,
  p: { outletId: number; author: string; contact: string; text: string; now: number },
): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`
    insert into replies (outlet_id, author, contact, reply_text, received_at)
    values (${p.outletId}, ${p.author}, ${p.contact}, ${p.text}, ${sqlTime(p.now)}) returning id`);
  return row!.id;
}

/** Publish or reject a waiting reply; false when it was already decided. */
export async function decideReply(db: Executor, id: number, decision: "publish" | "reject", now: number): Promise<boolean> {
  const column = decision === "publish" ? sql`published_at` : sql`rejected_at`;
  const rows = await db.execute(sql`
    update replies set ${column} = ${sqlTime(now)} where id = ${id} and published_at is null and rejected_at is null returning id`);
  return rows.length === 1;
}

/**
 * Withdraw a published reply (PUB-4): it leaves the outlet's page at once. It stays in the
 * table, published and withdrawn, and the action is in the audit log.
 */
export async function unpublishReply(db: Executor, id: number, now: number): Promise<boolean> {
  const rows = await db.execute(sql`
    update replies set rejected_at = ${sqlTime(now)} where id = ${id} and published_at is not null and rejected_at is null returning id`);
  return rows.length === 1;
}

/** A byline request as the queue shows it. */
export interface AdminByline {
  id: number;
  authorName: string;
  contact?: string;
  receivedAt: number;
  acceptedAt?: number;
  rejectedAt?: number;
}

/** Byline requests waiting and the latest decided. */
export async function listBylinesForAdmin(db: Executor, decidedLimit = 100): Promise<{ open: AdminByline[]; decided: AdminByline[] }> {
  const rows = await db.execute<{
    id: number;
    author_name: string;
    contact: string | null;
    received_at: string;
    accepted_at: string | null;
    rejected_at: string | null;
  }>(sql`
    (select * from byline_requests where accepted_at is null and rejected_at is null order by received_at)
    union all
    (select * from byline_requests where accepted_at is not null or rejected_at is not null order by coalesce(accepted_at, rejected_at) desc limit ${decidedLimit})`);
  const all = rows.map((r): AdminByline => ({
    id: r.id,
    authorName: shownText(r.author_name),
    contact: shownOptional(r.contact),
    receivedAt: fromSqlTime(r.received_at)!,
    acceptedAt: fromSqlTime(r.accepted_at),
    rejectedAt: fromSqlTime(r.rejected_at),
  }));
  return { open: all.filter((b) => !b.acceptedAt && !b.rejectedAt), decided: all.filter((b) => b.acceptedAt || b.rejectedAt) };
}

/** Store a byline request from /privacidad. */
export async function createBylineRequest(db: Executor, p: { authorName: string; contact: string; now: number }): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`
    insert into byline_requests (author_name, contact, received_at) values (${p.authorName}, ${p.contact}, ${sqlTime(p.now)}) returning id`);
  return row!.id;
}

/** Accept (the name is hidden from then on, PUB-5) or reject a waiting request. */
export async function decideByline(db: Executor, id: number, decision: "accept" | "reject", now: number): Promise<boolean> {
  const column = decision === "accept" ? sql`accepted_at` : sql`rejected_at`;
  const rows = await db.execute(sql`
    update byline_requests set ${column} = ${sqlTime(now)} where id = ${id} and accepted_at is null and rejected_at is null returning id`);
  return rows.length === 1;
}

/** All published replies with their outlet, newest first (the public /replicas page). */
export async function listPublishedReplies(db: Executor, excludedOutletIds: readonly number[] = [], limit = 200): Promise<AdminReply[]> {
  const rows = await db.execute<{
    id: number;
    outlet_id: number;
    name: string;
    slug: string;
    author: string;
    reply_text: string;
    received_at: string;
    published_at: string;
  }>(sql`
    select r.id, r.outlet_id, o.name, o.slug, r.author, r.reply_text, r.received_at, r.published_at
    from replies r join outlets o on o.id = r.outlet_id
    where r.published_at is not null and r.rejected_at is null
    order by r.published_at desc, r.id desc limit ${limit}`);
  return rows
    .filter((r) => !excludedOutletIds.includes(r.outlet_id))
    .map((r) => ({
      id: r.id,
      outletName: r.name,
      outletSlug: r.slug,
      author: shownText(r.author),
      text: shownText(r.reply_text),
      receivedAt: fromSqlTime(r.received_at)!,
      publishedAt: fromSqlTime(r.published_at),
    }));
}

/** Outlets a reply may come from: every outlet not excluded in full, by name. */
export async function replyOutletChoices(
  db: Executor,
  excludedOutletIds: readonly number[],
): Promise<{ id: number; slug: string; name: string }[]> {
  const rows = await db.execute<{ id: number; slug: string; name: string }>(sql`select id, slug, name from outlets order by name, id`);
  return rows.filter((r) => !excludedOutletIds.includes(r.id)).map((r) => ({ id: r.id, slug: r.slug, name: r.name }));
}
