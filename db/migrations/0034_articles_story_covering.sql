DROP INDEX "articles_story";--> statement-breakpoint
CREATE INDEX "articles_story" ON "articles" USING btree ("story_id","outlet_id","first_seen_at","id");