/** Exclusion requests (SPEC PUB-1, PUB-2): their creation, their status page and the public register. */
import "server-only";
import { sql } from "drizzle-orm";
import type { ExclusionRequest } from "../../../lib/exclusion-request";
import type { Scope } from "../../../lib/policy";
import type { Db, Executor } from "../../client";
import { outletOfDomain } from "../../policies-in-force";
import { fromSqlTime, sqlTime } from "../../sql-time";
import { lockFormAddress } from "./address-lock";

/** A request as its status page and the register show it. */
export interface ExclusionStatus {
  domain: string;
  outletName?: string;
  outletSlug?: string;
  scope: Scope;
  /** Only for "pausa-minima": the seconds asked for. */
  minPauseSeconds?: number;
  channel: string;
  token?: string;
  receivedAt: number;
  verifiedAt?: number;
  appliedAt?: number;
  confirmedAt?: number;
  withdrawnAt?: number;
  pendingReason?: string;
  checks: number;
  /** STO-4: when the outlet's data was deleted because of this (total) exclusion. */
  dataDeletedAt?: number;
}

type Row = {
  domain: string;
  name: string | null;
  slug: string | null;
  scope: Scope;
  min_pause_seconds: number | null;
  channel: string;
  token: string | null;
  received_at: string;
  verified_at: string | null;
  applied_at: string | null;
  confirmed_at: string | null;
  withdrawn_at: string | null;
  pending_reason: string | null;
  checks: number;
  data_deleted_at: string | null;
};

const select = sql`
  select e.domain, o.name, o.slug, e.scope, e.min_pause_seconds, e.channel, e.token, e.received_at, e.verified_at, e.applied_at, e.confirmed_at,
    e.withdrawn_at, e.pending_reason, e.checks,
    (select min(d.first_deleted_at) from data_deletions d where d.exclusion_id = e.id) as data_deleted_at
  from exclusions e left join outlets o on o.id = e.outlet_id`;

function toStatus(r: Row): ExclusionStatus {
  return {
    domain: r.domain,
    outletName: r.name ?? undefined,
    outletSlug: r.slug ?? undefined,
    scope: r.scope,
    minPauseSeconds: r.min_pause_seconds ?? undefined,
    channel: r.channel,
    token: r.token ?? undefined,
    receivedAt: fromSqlTime(r.received_at)!,
    verifiedAt: fromSqlTime(r.verified_at),
    appliedAt: fromSqlTime(r.applied_at),
    confirmedAt: fromSqlTime(r.confirmed_at),
    withdrawnAt: fromSqlTime(r.withdrawn_at),
    pendingReason: r.pending_reason ?? undefined,
    checks: r.checks,
    dataDeletedAt: fromSqlTime(r.data_deleted_at),
  };
}

/** Store a form request waiting for its token; the outlet is matched by the site of its front page. */
export async function createExclusionRequest(db: Executor, request: ExclusionRequest, token: string, now: number): Promise<void> {
  await db.execute(sql`
    insert into exclusions (outlet_id, domain, scope, channel, contact, token, received_at, pending_reason, min_pause_seconds)
    values (${outletOfDomain(request.domain)},
      ${request.domain}, ${request.scope}, 'form', ${request.contact}, ${token}, ${sqlTime(now)}, 'esperando-codigo',
      ${request.minPauseSeconds ?? null}::int)`);
}

/** The request with this token, for its status page. */
export async function findExclusionByToken(db: Executor, token: string): Promise<ExclusionStatus | undefined> {
  const [row] = await db.execute<Row>(sql`${select} where e.token = ${token}`);
  return row ? toStatus(row) : undefined;
}

/** The public register: every request applied, newest first (PUB-2). Contacts and tokens are not shown. */
export async function exclusionRegister(db: Executor): Promise<ExclusionStatus[]> {
  const rows = await db.execute<Row>(sql`${select} where e.applied_at is not null order by e.applied_at desc limit 500`);
  return rows.map((r) => ({ ...toStatus(r), token: undefined }));
}

/**
 * Count a submission by this address and say whether it is within `limit` per `windowMs`
 * (SEC-2). Refused attempts are counted too, so hammering does not reset the window. The
 * count and the insert run under the (form, address) lock: in one statement, parallel posts
 * each counted only the rows committed before them, and 12 at once let 7 through a limit of 5.
 */
export async function allowSubmission(
  db: Pick<Db, "transaction">,
  p: { form: string; addressKey: string; now: number; limit: number; windowMs: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockFormAddress(tx, p.form, p.addressKey);
    const [row] = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from form_submissions
      where form = ${p.form} and address_hash = ${p.addressKey} and at > ${sqlTime(p.now - p.windowMs)}`);
    await tx.execute(sql`insert into form_submissions (form, address_hash, at) values (${p.form}, ${p.addressKey}, ${sqlTime(p.now)})`);
    return (row?.n ?? 0) < p.limit;
  });
}
