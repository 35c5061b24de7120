ALTER TABLE "articles" ADD COLUMN "weighted_minutes" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_spans" ADD COLUMN "weighted_minutes" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_spans" ADD COLUMN "ranked_through" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rank_spans_unranked" ON "rank_spans" USING btree ("outlet_id",coalesce("ranked_through", "from_at")) WHERE "rank_spans"."ranked_through" is null or "rank_spans"."to_at" is null or "rank_spans"."ranked_through" < "rank_spans"."to_at";