-- btree_gist lets a GiST index hold the outlet id beside the span's time range. It is a
-- trusted extension: a database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE INDEX "articles_outlet_read" ON "articles" USING btree ("outlet_id","read_at") WHERE "articles"."read_at" is not null;--> statement-breakpoint
CREATE INDEX "rank_spans_outlet_range" ON "rank_spans" USING gist ("outlet_id",tstzrange("from_at", "to_at", '[]'));