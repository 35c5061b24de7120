-- The search reads the stored words (headline_versions.search_words) and their indexes, not the words parsed again from each headline.
DROP INDEX "headline_versions_search";--> statement-breakpoint
DROP INDEX "headline_versions_outlet_search";--> statement-breakpoint
CREATE INDEX "headline_versions_search" ON "headline_versions" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "headline_versions_outlet_search" ON "headline_versions" USING gin ("outlet_id","search_words");