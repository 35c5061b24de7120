CREATE TABLE "front_page_stays" (
	"article_id" bigint PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"open" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "front_page_stays" ADD CONSTRAINT "front_page_stays_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "front_page_stays" ADD CONSTRAINT "front_page_stays_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "front_page_stays_outlet_entered" ON "front_page_stays" USING btree ("outlet_id","entered_at","left_at","open");--> statement-breakpoint
CREATE INDEX "articles_outlet_first_seen_figures" ON "articles" USING btree ("outlet_id","first_seen_at","published_at","first_seen_in","read_at","section");--> statement-breakpoint
-- Statement-level triggers keep each touched article's stay: its spans are read again (a few per article), in key order so two
-- writers never deadlock. An update touches an article only when a span's article, start or end moved, so the prominence step's
-- updates of open spans cost a join of the transition tables and nothing more.
CREATE FUNCTION front_page_stays_recount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM removed;
  ELSE
    SELECT array_agg(DISTINCT x ORDER BY x) INTO touched FROM (
      SELECT n.article_id AS x FROM added n JOIN removed o ON o.article_id = n.article_id AND o.from_at = n.from_at
      WHERE n.to_at IS DISTINCT FROM o.to_at
      UNION ALL
      -- A span whose key moved: both its articles.
      SELECT n.article_id FROM added n WHERE NOT EXISTS (SELECT 1 FROM removed o WHERE o.article_id = n.article_id AND o.from_at = n.from_at)
      UNION ALL
      SELECT o.article_id FROM removed o WHERE NOT EXISTS (SELECT 1 FROM added n WHERE n.article_id = o.article_id AND n.from_at = o.from_at)) t;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  DELETE FROM front_page_stays s WHERE s.article_id = ANY (touched) AND NOT EXISTS (SELECT 1 FROM rank_spans r WHERE r.article_id = s.article_id);
  INSERT INTO front_page_stays (article_id, outlet_id, entered_at, left_at, open)
  SELECT r.article_id, min(r.outlet_id), min(r.from_at), max(r.to_at), bool_or(r.to_at IS NULL)
  FROM rank_spans r
  WHERE r.article_id = ANY (touched)
    -- Spans deleted with their article or outlet (ON DELETE CASCADE) may still be seen mid-statement: their stay went with them.
    AND EXISTS (SELECT 1 FROM articles a WHERE a.id = r.article_id) AND EXISTS (SELECT 1 FROM outlets o WHERE o.id = r.outlet_id)
  GROUP BY r.article_id ORDER BY r.article_id
  ON CONFLICT (article_id) DO UPDATE SET outlet_id = excluded.outlet_id, entered_at = excluded.entered_at, left_at = excluded.left_at, open = excluded.open
  WHERE (front_page_stays.outlet_id, front_page_stays.entered_at, front_page_stays.left_at, front_page_stays.open)
    IS DISTINCT FROM (excluded.outlet_id, excluded.entered_at, excluded.left_at, excluded.open);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rank_spans_stays_added AFTER INSERT ON rank_spans REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION front_page_stays_recount();
--> statement-breakpoint
CREATE TRIGGER rank_spans_stays_removed AFTER DELETE ON rank_spans REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION front_page_stays_recount();
--> statement-breakpoint
CREATE TRIGGER rank_spans_stays_updated AFTER UPDATE ON rank_spans REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION front_page_stays_recount();
--> statement-breakpoint
-- The spans already recorded.
INSERT INTO front_page_stays (article_id, outlet_id, entered_at, left_at, open)
SELECT article_id, min(outlet_id), min(from_at), max(to_at), bool_or(to_at IS NULL)
FROM rank_spans GROUP BY article_id;
