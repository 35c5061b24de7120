/**
 * One read of an article page, once, when first discovered (SPEC SCH-3), within the
 * site's daily budget: its metadata (EXT-4) and signals (SIG-1…3) are recorded; its
 * body is read in memory only when the article is open and not reserved (SIG-1, SIG-2),
 * handed to `onOpenBody` (the derive stage) and dropped in the same pass (STO-3).
 */
import type { Db } from "../../db/client";
import { agencyCredit } from "../../lib/analysis/wire";
import { simhash } from "../../lib/analysis/simhash";
import { extractArticle } from "../parse/article/article";
import type { JobOutcome, Pipeline } from "../schedule/pipeline";
import type { PoliteClient } from "../politeness/polite-client";
import { readSignals } from "../politeness/signals";
import { countRead, recordArticleFacts, recordBodySummary, recordReadOutcome, recordSignals } from "../record/article-reads";
import { recordHeadlines } from "../record/articles";
import { recordFingerprints } from "../derive/fingerprints";
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

/** The run stage of article reads. */
export function createArticleReader(o: ArticleReaderOptions): Pick<Pipeline, "run"> {
  const budget = o.dailyBudget ?? 500;
  return {
    async run(job: Job, signal: AbortSignal): Promise<JobOutcome> {
      const now = o.now();
      const domain = o.siteOf(job.url);
      if (!(await countRead(o.db, { domain, now, budget }))) return { outcome: "budget-spent", nextDueAt: Math.floor(now / DAY + 1) * DAY };

      const response = await o.client.request({ url: job.url, kind: "page" }, signal);
      const at = o.now();
      if (!response.sent) {
        if (response.outcome === "robots-disallowed" || response.outcome === "too-many-redirects") {
          await recordReadOutcome(o.db, { articleId: job.sourceId, at, outcome: response.outcome });
          return { outcome: response.outcome };
        }
        return { outcome: response.outcome, nextDueAt: Math.max(response.until ?? at, at + 15 * 60_000) };
      }
      const { result, outcome } = response;
      if (outcome !== "ok") {
        // Blocked, challenged, gone: not retried (BLK-1, BLK-5). Rate limits and outages: later.
        const retry = outcome === "rate-limited" || outcome === "timeout" || outcome === "unreachable" || (result.status ?? 0) >= 500;
        if (retry) return { outcome, nextDueAt: at + 3_600_000 };
        await recordReadOutcome(o.db, { articleId: job.sourceId, at, outcome });
        return { outcome };
      }

      const page = extractArticle(result.body ?? new Uint8Array(), response.finalUrl, result.headers["content-type"], {
        timeZone: job.timezone,
      });
      const tdmrep = await o.client.tdmrepFor(new URL(response.finalUrl).origin, signal);
      const meta = [
        { name: "robots", content: page.robots.join(", ") },
        ...(page.tdmReservation ? [{ name: "tdm-reservation", content: "1" }] : []),
      ];
      const verdict = readSignals({
        url: response.finalUrl,
        productToken: o.productToken,
        headers: result.headers,
        meta,
        tdmrep: tdmrep === "unknown" ? undefined : tdmrep,
      });
      // SIG-1: a reservation, or a tdmrep.json we could not check, means the body is not read.
      const reserved = verdict.tdmReserved || tdmrep === "unknown";
      const paywalled = page.isAccessibleForFree === false;
      const readOutcome = reserved ? "reserved" : paywalled ? "paywalled" : page.body ? "open" : "no-body";

      // DER-3: an agency byline, or a credit line in the open body (read here, in memory), names the agency.
      const open = readOutcome === "open" && page.body !== undefined;
      const credit = agencyCredit({ body: open ? page.body : undefined, authors: page.authors });
      await recordArticleFacts(o.db, {
        articleId: job.sourceId,
        at,
        outcome: readOutcome,
        agency: credit,
        publishedAt: page.publishedAt,
        modifiedAt: page.modifiedAt,
        section: page.section,
        authors: page.authors,
        isFree: page.isAccessibleForFree,
        tdmReserved: reserved,
      });
      if (page.headline) await recordHeadlines(o.db, { via: "article", at, headlines: [{ articleId: job.sourceId, text: page.headline }] });
      await recordSignals(o.db, { outletId: job.outletId, verdict, paywalled, at });
      // DER-2: the page's description refines the story fingerprint, unless the text is reserved (SIG-1).
      if (page.headline)
        await recordFingerprints(o.db, {
          at,
          items: [{ articleId: job.sourceId, headline: page.headline, lede: reserved ? undefined : page.lede }],
        });
      if (open && page.body) {
        const summary = simhash(page.body);
        await recordBodySummary(o.db, {
          articleId: job.sourceId,
          simhash: summary.simhash,
          shingles: summary.shingles,
          agencyCredit: credit,
          at,
        });
        await o.onOpenBody?.({ articleId: job.sourceId, outletId: job.outletId, body: page.body, noAnnotation: verdict.noAnnotation });
      }
      return { outcome: readOutcome };
    },
  };
}
