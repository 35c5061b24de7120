DROP INDEX "rank_spans_outlet_to";--> statement-breakpoint
DROP INDEX "rank_spans_outlet_from";--> statement-breakpoint
ALTER TABLE "story_fingerprints" ADD COLUMN "clustered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "story_fingerprints_pending" ON "story_fingerprints" USING btree ("captured_at") WHERE "story_fingerprints"."clustered_at" is null;--> statement-breakpoint
CREATE INDEX "rank_spans_outlet_from" ON "rank_spans" USING btree ("outlet_id","from_at");