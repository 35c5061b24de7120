ALTER TABLE "headline_changes" ADD COLUMN "article_published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "headline_changes" c SET "article_published_at" = least(coalesce(a.published_at, a.first_seen_at), a.first_seen_at) FROM articles a WHERE a.id = c.article_id;--> statement-breakpoint
ALTER TABLE "headline_changes" ALTER COLUMN "article_published_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "headline_changes_at" ON "headline_changes" USING btree ("at","outlet_id","article_published_at","version_id","article_id");--> statement-breakpoint
-- The recount (0029, 0032) now copies when the article was published as well: its declared date, or its first sighting if earlier.
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
  INSERT INTO headline_changes (version_id, article_id, outlet_id, at, article_seen_at, article_published_at)
  SELECT v.id, v.article_id, a.outlet_id, v.first_seen_at, a.first_seen_at, least(coalesce(a.published_at, a.first_seen_at), a.first_seen_at)
  FROM headline_versions v JOIN articles a ON a.id = v.article_id
  WHERE v.article_id = ANY (touched)
    AND EXISTS (SELECT 1 FROM headline_versions p WHERE p.article_id = v.article_id AND p.first_seen_at < v.first_seen_at)
  ORDER BY v.id
  ON CONFLICT (version_id) DO UPDATE SET at = excluded.at, article_seen_at = excluded.article_seen_at, article_published_at = excluded.article_published_at
  WHERE (headline_changes.at, headline_changes.article_seen_at, headline_changes.article_published_at)
    IS DISTINCT FROM (excluded.at, excluded.article_seen_at, excluded.article_published_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An article's first sighting or declared date moved (reading its page finds the date): its headline changes follow; its
-- row in versioned_articles (0033) follows its first sighting and outlet, as before.
CREATE OR REPLACE FUNCTION headline_changes_article_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE headline_changes c SET article_seen_at = n.first_seen_at,
    article_published_at = least(coalesce(n.published_at, n.first_seen_at), n.first_seen_at)
  FROM added n JOIN removed o ON o.id = n.id
  WHERE c.article_id = n.id AND (n.first_seen_at IS DISTINCT FROM o.first_seen_at OR n.published_at IS DISTINCT FROM o.published_at);
  UPDATE versioned_articles v SET article_seen_at = n.first_seen_at, outlet_id = n.outlet_id
  FROM added n JOIN removed o ON o.id = n.id
  WHERE v.article_id = n.id AND (n.first_seen_at, n.outlet_id) IS DISTINCT FROM (o.first_seen_at, o.outlet_id);
  RETURN NULL;
END $$;
