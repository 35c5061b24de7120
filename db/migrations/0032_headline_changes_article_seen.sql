DROP INDEX "headline_changes_outlet_at";--> statement-breakpoint
ALTER TABLE "headline_changes" ADD COLUMN "article_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "headline_changes" c SET "article_seen_at" = a.first_seen_at FROM articles a WHERE a.id = c.article_id;--> statement-breakpoint
ALTER TABLE "headline_changes" ALTER COLUMN "article_seen_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "headline_changes_outlet_at" ON "headline_changes" USING btree ("outlet_id","at","article_id","article_seen_at");--> statement-breakpoint
-- The recount (0029) now copies the article's first sighting as well.
CREATE OR REPLACE FUNCTION headline_changes_recount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM added;
  ELSE
    SELECT array_agg(DISTINCT n.article_id ORDER BY n.article_id) INTO touched FROM added n JOIN removed o ON o.id = n.id
    WHERE n.first_seen_at IS DISTINCT FROM o.first_seen_at OR n.article_id IS DISTINCT FROM o.article_id;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  DELETE FROM headline_changes c WHERE c.article_id = ANY (touched) AND NOT EXISTS (
    SELECT 1 FROM headline_versions v JOIN headline_versions p ON p.article_id = v.article_id AND p.first_seen_at < v.first_seen_at
    WHERE v.id = c.version_id);
  INSERT INTO headline_changes (version_id, article_id, outlet_id, at, article_seen_at)
  SELECT v.id, v.article_id, a.outlet_id, v.first_seen_at, a.first_seen_at FROM headline_versions v JOIN articles a ON a.id = v.article_id
  WHERE v.article_id = ANY (touched)
    AND EXISTS (SELECT 1 FROM headline_versions p WHERE p.article_id = v.article_id AND p.first_seen_at < v.first_seen_at)
  ORDER BY v.id
  ON CONFLICT (version_id) DO UPDATE SET at = excluded.at, article_seen_at = excluded.article_seen_at
  WHERE (headline_changes.at, headline_changes.article_seen_at) IS DISTINCT FROM (excluded.at, excluded.article_seen_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An article's first sighting moved (no writer does it today; a restore or a fix might): its changes follow.
CREATE FUNCTION headline_changes_article_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE headline_changes c SET article_seen_at = n.first_seen_at
  FROM added n JOIN removed o ON o.id = n.id
  WHERE c.article_id = n.id AND n.first_seen_at IS DISTINCT FROM o.first_seen_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_changes_seen_updated AFTER UPDATE ON articles REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_changes_article_seen();
