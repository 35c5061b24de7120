/**
 * Schedule keeping, read off the worker's leases (SPEC SCH-4): a claimed source or
 * article read carries its due time and a lease that ends `leaseMs` after the claim, so
 * a sampler that sees the lease knows exactly how late the job was claimed (worker
 * clock). Sampled every `everyMs`: a job claimed and finished between two samples is
 * missed, which only thins the sample (jobs wait for their site's pacing turn, so most
 * hold their lease for longer than a sample period).
 */
import type postgres from "postgres";

/** One claimed job as seen by the sampler. */
export interface Claim {
  key: string;
  claimedAt: number;
  dueAt: number;
  lateMs: number;
}

/** A running sampler. */
export interface ClaimSampler {
  /** Every claim seen so far (worker clock). */
  claims(): Claim[];
  stop(): Promise<void>;
}

type Row = { key: string; until: number; due: number | null };

/** Sample the leases of `sql`'s database every `everyMs` (real ms); `leaseMs` as the worker's (its clock). */
export function sampleClaims(sql: postgres.Sql, o: { leaseMs: number; everyMs: number }): ClaimSampler {
  const seen = new Map<string, Claim>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const rows = await sql<Row[]>`
        select 's' || id || '@' || lease_until as key, (extract(epoch from lease_until) * 1000)::float8 as until, (extract(epoch from next_due_at) * 1000)::float8 as due
        from sources where lease_until is not null
        union all
        select 'a' || id || '@' || read_lease_until, (extract(epoch from read_lease_until) * 1000)::float8, (extract(epoch from read_due_at) * 1000)::float8
        from articles where read_lease_until is not null`.catch(() => [] as Row[]);
      for (const r of rows) {
        if (seen.has(r.key) || r.due === null) continue;
        const claimedAt = r.until - o.leaseMs;
        seen.set(r.key, { key: r.key, claimedAt, dueAt: r.due, lateMs: claimedAt - r.due });
      }
      await new Promise((r) => setTimeout(r, o.everyMs));
    }
  })();
  return {
    claims: () => [...seen.values()],
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
