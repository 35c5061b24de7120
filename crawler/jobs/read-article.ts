/**
 * One read of an article page, once, when first discovered (SPEC SCH-3), within the
 * site's daily budget: its metadata (EXT-4) and signals (SIG-1…3) are recorded; its
 * body is read in memory only when the article is open and not reserved (SIG-1, SIG-2),
 * handed to `onOpenBody` (the derive stage) and dropped in the same pass (STO-3).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import { agencyCredit } from "../../lib/analysis/wire";
import { simhash } from "../../lib/analysis/simhash";
import { extractArticle } from "../parse/article";
import type { JobOutcome, Pipeline } from "../pipeline";
import type { PoliteClient } from "../politeness/client";
import { readSignals, type SignalVerdict } from "../politeness/signals";
import { recordHeadlines, textArray } from "../record/articles";
import { recordFingerprints } from "../record/fingerprints";
import type { Job } from "../schedule/claim";

/** What the derive stage receives for an open body; it must not store the text. */
export type OnOpenBody = (p: { articleId: number; outletId: number; body: string; noAnnotation: boolean }) => Promise<void>;

/** Dependencies of the article reader. */
export interface ArticleReaderOptions {
  db: Db;
  client: PoliteClient;
  now: () => number;
  siteOf: (url: string) => string;
  productToken: string;
  /** SCH-3. @default 500 */
  dailyBudget?: number;
  onOpenBody?: OnOpenBody;
}

const DAY = 24 * 3_600_000;

/** Record the page's signals for the outlet, for transparency (SIG-1…3). */
async function recordSignals(db: Db, outletId: number, verdict: SignalVerdict, paywalled: boolean, at: number): Promise<void> {
  const found: [string, string, string][] = [];
  if (verdict.tdm.reservation !== undefined) found.push(["tdm-reservation", verdict.tdm.source ?? "unknown", String(verdict.tdm.reservation)]);
  if (verdict.tdm.policy) found.push(["tdm-policy", verdict.tdm.source ?? "unknown", verdict.tdm.policy]);
  for (const directive of verdict.robotsDirectives) found.push(["robots-directive", "page", directive]);
  if (verdict.contentUsage) found.push(["content-usage", "header", verdict.contentUsage]);
  if (paywalled) found.push(["paywall", "page", "isAccessibleForFree=false"]);
  for (const [kind, scope, value] of found) {
    await db.execute(sql`
      insert into signals (outlet_id, kind, scope, value, first_seen_at, last_seen_at)
      values (${outletId}, ${kind}, ${scope}, ${value.slice(0, 300)}, ${sqlTime(at)}, ${sqlTime(at)})
      on conflict (outlet_id, kind, scope, value) do update set last_seen_at = excluded.last_seen_at`);
  }
}

/** The pipeline of article reads. */
export function createArticleReader(o: ArticleReaderOptions): Pipeline {
  const budget = o.dailyBudget ?? 500;
  return {
    gate: async () => ({ kind: "go" }),

    async run(job: Job, signal: AbortSignal): Promise<JobOutcome> {
      const now = o.now();
      const domain = o.siteOf(job.url);
      // SCH-3: one read counted against the site's budget for today (UTC), atomically across workers.
      const counted = await o.db.execute(sql`
        insert into sites (domain, reads_day, reads_count) values (${domain}, (${sqlTime(now)}::timestamptz at time zone 'UTC')::date, 1)
        on conflict (domain) do update set
          reads_count = case when sites.reads_day = excluded.reads_day then sites.reads_count + 1 else 1 end,
          reads_day = excluded.reads_day
        where sites.reads_day is distinct from excluded.reads_day or sites.reads_count < ${budget}
        returning domain`);
      if (counted.length === 0) return { outcome: "budget-spent", nextDueAt: Math.floor(now / DAY + 1) * DAY };

      const response = await o.client.request({ url: job.url, kind: "page" }, signal);
      const at = o.now();
      if (!response.sent) {
        if (response.outcome === "robots-disallowed" || response.outcome === "too-many-redirects") {
          await o.db.execute(sql`update articles set read_at = ${sqlTime(at)}, read_outcome = ${response.outcome} where id = ${job.sourceId}`);
          return { outcome: response.outcome };
        }
        return { outcome: response.outcome, nextDueAt: Math.max(response.until ?? at, at + 15 * 60_000) };
      }
      const { result, outcome } = response;
      if (outcome !== "ok") {
        // Blocked, challenged, gone: not retried (BLK-1, BLK-5). Rate limits and outages: later.
        const retry = outcome === "rate-limited" || outcome === "timeout" || outcome === "unreachable" || (result.status ?? 0) >= 500;
        if (retry) return { outcome, nextDueAt: at + 3_600_000 };
        await o.db.execute(sql`update articles set read_at = ${sqlTime(at)}, read_outcome = ${outcome} where id = ${job.sourceId}`);
        return { outcome };
      }

      const page = extractArticle(result.body ?? new Uint8Array(), response.finalUrl, result.headers["content-type"]);
      const tdmrep = await o.client.tdmrepFor(new URL(response.finalUrl).origin, signal);
      const meta = [{ name: "robots", content: page.robots.join(", ") }, ...(page.tdmReservation ? [{ name: "tdm-reservation", content: "1" }] : [])];
      const verdict = readSignals({ url: response.finalUrl, productToken: o.productToken, headers: result.headers, meta, tdmrep: tdmrep === "unknown" ? undefined : tdmrep });
      // SIG-1: a reservation, or a tdmrep.json we could not check, means the body is not read.
      const reserved = verdict.tdmReserved || tdmrep === "unknown";
      const paywalled = page.isAccessibleForFree === false;
      const readOutcome = reserved ? "reserved" : paywalled ? "paywalled" : page.body ? "open" : "no-body";

      // DER-3: an agency byline, or a credit line in the open body (read here, in memory), names the agency.
      const open = readOutcome === "open" && page.body !== undefined;
      const credit = agencyCredit({ body: open ? page.body : undefined, authors: page.authors });
      await o.db.execute(sql`
        update articles set
          agency = coalesce(agency, ${credit ?? null}::text),
          published_at = coalesce(published_at, ${page.publishedAt ? sqlTime(page.publishedAt.getTime()) : null}::timestamptz),
          modified_at = coalesce(${page.modifiedAt ? sqlTime(page.modifiedAt.getTime()) : null}::timestamptz, modified_at),
          section = coalesce(section, ${page.section ?? null}),
          authors = case when cardinality(authors) = 0 then ${textArray(page.authors)}::text[] else authors end,
          is_free = ${page.isAccessibleForFree ?? null}, tdm_reserved = ${reserved},
          read_at = ${sqlTime(at)}, read_outcome = ${readOutcome}
        where id = ${job.sourceId}`);
      if (page.headline) await recordHeadlines(o.db, { via: "article", at, headlines: [{ articleId: job.sourceId, text: page.headline }] });
      await recordSignals(o.db, job.outletId, verdict, paywalled, at);
      // DER-2: the page's description refines the story fingerprint, unless the text is reserved (SIG-1).
      if (page.headline) await recordFingerprints(o.db, { at, items: [{ articleId: job.sourceId, headline: page.headline, lede: reserved ? undefined : page.lede }] });
      if (open && page.body) {
        // STO-2, DER-3: the numeric summary is all that is kept of the body.
        const summary = simhash(page.body);
        await o.db.execute(sql`
          insert into body_summaries (article_id, simhash, shingle_count, agency_credit, computed_at)
          values (${job.sourceId}, ${summary.simhash.toString()}::bigint, ${Math.min(summary.shingles, 32_767)}, ${credit ?? null}, ${sqlTime(at)})
          on conflict (article_id) do nothing`);
        await o.onOpenBody?.({ articleId: job.sourceId, outletId: job.outletId, body: page.body, noAnnotation: verdict.noAnnotation });
      }
      return { outcome: readOutcome };
    },
  };
}
