CREATE TABLE "versioned_articles" (
	"article_id" bigint PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"article_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "versioned_articles" ADD CONSTRAINT "versioned_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versioned_articles" ADD CONSTRAINT "versioned_articles_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "versioned_articles_outlet_seen" ON "versioned_articles" USING btree ("outlet_id","article_seen_at");--> statement-breakpoint
-- Statement-level triggers keep the articles with two or more versions: each touched article's versions are counted again,
-- in key order so two writers never deadlock.
CREATE FUNCTION versioned_articles_recount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM removed;
  ELSE
    SELECT array_agg(DISTINCT x ORDER BY x) INTO touched FROM (
      SELECT n.article_id AS x FROM added n JOIN removed o ON o.id = n.id WHERE n.article_id IS DISTINCT FROM o.article_id
      UNION ALL
      SELECT o.article_id FROM added n JOIN removed o ON o.id = n.id WHERE n.article_id IS DISTINCT FROM o.article_id) t;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  DELETE FROM versioned_articles v WHERE v.article_id = ANY (touched)
    AND (SELECT count(*) FROM headline_versions h WHERE h.article_id = v.article_id) < 2;
  INSERT INTO versioned_articles (article_id, outlet_id, article_seen_at)
  SELECT a.id, a.outlet_id, a.first_seen_at FROM articles a
  WHERE a.id = ANY (touched) AND (SELECT count(*) FROM headline_versions h WHERE h.article_id = a.id) >= 2
  ORDER BY a.id
  ON CONFLICT (article_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER headline_versions_versioned_added AFTER INSERT ON headline_versions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION versioned_articles_recount();
--> statement-breakpoint
CREATE TRIGGER headline_versions_versioned_removed AFTER DELETE ON headline_versions REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION versioned_articles_recount();
--> statement-breakpoint
CREATE TRIGGER headline_versions_versioned_updated AFTER UPDATE ON headline_versions REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION versioned_articles_recount();
--> statement-breakpoint
-- An article's first sighting moved: its headline changes (0032) and its row here follow.
CREATE OR REPLACE FUNCTION headline_changes_article_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE headline_changes c SET article_seen_at = n.first_seen_at
  FROM added n JOIN removed o ON o.id = n.id
  WHERE c.article_id = n.id AND n.first_seen_at IS DISTINCT FROM o.first_seen_at;
  UPDATE versioned_articles v SET article_seen_at = n.first_seen_at, outlet_id = n.outlet_id
  FROM added n JOIN removed o ON o.id = n.id
  WHERE v.article_id = n.id AND (n.first_seen_at, n.outlet_id) IS DISTINCT FROM (o.first_seen_at, o.outlet_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The versions already recorded.
INSERT INTO versioned_articles (article_id, outlet_id, article_seen_at)
SELECT a.id, a.outlet_id, a.first_seen_at FROM articles a
WHERE a.id IN (SELECT article_id FROM headline_versions GROUP BY article_id HAVING count(*) >= 2);
