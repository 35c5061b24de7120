-- Each capture's rank-1 article, set by the prominence step, for the day's leads.
ALTER TABLE "frontpage_captures" ADD COLUMN "lead_article_id" bigint;