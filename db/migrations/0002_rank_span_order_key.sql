-- Rank spans survive push-downs: an order key replaces the explicit rank, and a span is
-- open (to_at null) while it holds. Existing spans keep their meaning: at any instant
-- their ranks order them, and those confirmed by their outlet's latest capture are open.
ALTER TABLE "rank_spans" ALTER COLUMN "to_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_spans" ADD COLUMN "position" double precision;--> statement-breakpoint
UPDATE "rank_spans" SET "position" = "rank";--> statement-breakpoint
UPDATE "rank_spans" s SET "to_at" = NULL FROM (
  SELECT "outlet_id", max("at") AS "at" FROM "frontpage_captures" WHERE "outcome" = 'ok' GROUP BY "outlet_id"
) c WHERE c."outlet_id" = s."outlet_id" AND s."to_at" = c."at";--> statement-breakpoint
ALTER TABLE "rank_spans" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_spans" DROP COLUMN "rank";--> statement-breakpoint
ALTER TABLE "rank_spans" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "rank_spans_article";--> statement-breakpoint
ALTER TABLE "rank_spans" ADD CONSTRAINT "rank_spans_pkey" PRIMARY KEY("article_id","from_at");--> statement-breakpoint
CREATE INDEX "rank_spans_open" ON "rank_spans" USING btree ("outlet_id") WHERE "rank_spans"."to_at" is null;
