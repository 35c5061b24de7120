-- The tables the pages read over long periods are vacuumed after 1 % of their rows changed or were added, not 20 %
-- (PostgreSQL's default). Their reads are index-only scans, which stay index-only only where the visibility map says
-- a page is all-visible; the worker updates rows every minute (a span's end, an article's story or reading), and at
-- 20 % a year of articles went weeks between vacuums. Measured on the generated year: the year-long outlet page's
-- statements took 157 ms with 5 % of its articles updated since the last vacuum, 107 ms after one.
ALTER TABLE "articles" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "rank_spans" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "front_page_days" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "frontpage_captures" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "headline_versions" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
