/**
 * Sources whose extraction is failing (SPEC EXT-6, ADM-3): answered polls in a row that
 * yielded too little to be believed (crawler/record/extraction.ts). From `QUEUE_AFTER` in a
 * row they are in the operator's queue; any failing one shows on the crawler's health page.
 */
import { sql } from "drizzle-orm";
import { needsOperator, QUEUE_AFTER } from "../lib/collection/extraction-floor";
import type { SourceKind } from "../lib/source-kinds";
import type { Executor } from "./client";
import { fromSqlTime } from "./sql-time";

/** A source whose latest answered polls failed to extract. */
export interface FailingExtraction {
  sourceId: number;
  outletName: string;
  outletSlug: string;
  siteDomain: string;
  kind: SourceKind;
  url: string;
  /** The first of the failures in a row, the count, and the latest. */
  since: number;
  inARow: number;
  lastAt: number;
}

/** Active sources with at least `minInARow` failed extractions in a row, longest failing first. */
export async function listFailingExtractions(db: Executor, minInARow = 1): Promise<FailingExtraction[]> {
  const rows = await db.execute<{
    id: number;
    name: string;
    slug: string;
    site_domain: string;
    kind: FailingExtraction["kind"];
    url: string;
    extraction_failed_since: string;
    extraction_failures: number;
    last_extraction_failure_at: string;
  }>(sql`
    select s.id, o.name, o.slug, s.site_domain, s.kind, s.url, s.extraction_failed_since, s.extraction_failures, s.last_extraction_failure_at
    from sources s join outlets o on o.id = s.outlet_id and o.active
    where s.active and not s.proposed and s.extraction_failures >= ${Math.max(1, minInARow)} and s.extraction_failed_since is not null
    order by s.extraction_failed_since, s.id`);
  return rows.map((r) => ({
    sourceId: r.id,
    outletName: r.name,
    outletSlug: r.slug,
    siteDomain: r.site_domain,
    kind: r.kind,
    url: r.url,
    since: fromSqlTime(r.extraction_failed_since)!,
    inARow: r.extraction_failures,
    lastAt: fromSqlTime(r.last_extraction_failure_at)!,
  }));
}

/** The operator's queue of failed extractions: sources failing `QUEUE_AFTER` times in a row or more. */
export async function listExtractionsForOperator(db: Executor): Promise<FailingExtraction[]> {
  return (await listFailingExtractions(db, QUEUE_AFTER)).filter((f) => needsOperator(f.inARow));
}
