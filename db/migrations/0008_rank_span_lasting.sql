-- Rank spans without a range index (the goal: span bytes ≤ 10 % of one row per link per
-- capture). The spans covering a period are the short ones (≤ 24 hours) that started at most
-- 24 hours before it, found by rank_spans_outlet_from, and the lasting ones (open, or longer),
-- found by their end in this partial index (the start beside it filters without reading the
-- table), which also serves the open-span reads.
DROP INDEX "rank_spans_open";--> statement-breakpoint
DROP INDEX "rank_spans_outlet_range";--> statement-breakpoint
CREATE INDEX "rank_spans_lasting" ON "rank_spans" USING btree ("outlet_id","to_at","from_at") WHERE "rank_spans"."to_at" is null or "rank_spans"."to_at" - "rank_spans"."from_at" > interval '24 hours';