ALTER TABLE "versioned_articles" ADD COLUMN "tests" smallint;--> statement-breakpoint
ALTER TABLE "versioned_articles" ADD COLUMN "rewrites" smallint;--> statement-breakpoint
ALTER TABLE "versioned_articles" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any change to an article's versions (one added, seen again, moved or removed) clears its stored counts and bumps its
-- generation, so a count the worker computed from the versions it read is stored only if they have not changed since
-- (crawler/derive/count-headline-changes.ts). Rows are locked in key order, as versioned_articles_recount (migration
-- versioned_articles) does, so two writers never deadlock.
CREATE FUNCTION versioned_articles_uncount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM removed;
  ELSE
    SELECT array_agg(DISTINCT x ORDER BY x) INTO touched FROM (
      SELECT article_id AS x FROM added UNION ALL SELECT article_id FROM removed) t;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  UPDATE versioned_articles v SET tests = NULL, rewrites = NULL, generation = v.generation + 1
  FROM (SELECT article_id FROM versioned_articles WHERE article_id = ANY (touched) ORDER BY article_id FOR UPDATE) l
  WHERE v.article_id = l.article_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER headline_versions_versioned_uncount_added AFTER INSERT ON headline_versions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION versioned_articles_uncount();
--> statement-breakpoint
CREATE TRIGGER headline_versions_versioned_uncount_removed AFTER DELETE ON headline_versions REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION versioned_articles_uncount();
--> statement-breakpoint
CREATE TRIGGER headline_versions_versioned_uncount_updated AFTER UPDATE ON headline_versions REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION versioned_articles_uncount();
