-- A failed extraction is not an empty page (SPEC EXT-6): sources keep how many answered polls
-- in a row yielded too little (a front page under its floor, a feed or sitemap that suddenly
-- yields nothing from a 200), since when, and the latest, for the status pages and the
-- operator's queue. A feed or sitemap answered before is taken to have yielded entries (an
-- empty 200 from it is then a failure); one that never answered learns it at its next poll.
ALTER TABLE "sources" ADD COLUMN "has_yielded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "extraction_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "extraction_failed_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "last_extraction_failure_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sources" SET "has_yielded" = true WHERE "kind" IN ('feed', 'sitemap') AND "last_success_at" IS NOT NULL;
