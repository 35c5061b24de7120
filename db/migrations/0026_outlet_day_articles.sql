CREATE TABLE "outlet_day_articles" (
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL,
	"articles" integer NOT NULL,
	CONSTRAINT "outlet_day_articles_pkey" PRIMARY KEY("outlet_id","day")
);
--> statement-breakpoint
ALTER TABLE "outlet_day_articles" ADD CONSTRAINT "outlet_day_articles_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level triggers keep the counts: one grouped upsert per statement, in key order so two writers never deadlock.
CREATE FUNCTION outlet_day_articles_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outlet_day_articles (outlet_id, day, articles)
  SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date, count(*) FROM added GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (outlet_id, day) DO UPDATE SET articles = outlet_day_articles.articles + excluded.articles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outlet_day_articles_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outlet_day_articles d SET articles = d.articles - r.n
  FROM (SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, count(*) AS n FROM removed GROUP BY 1, 2) r
  WHERE d.outlet_id = r.outlet_id AND d.day = r.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_count_added AFTER INSERT ON articles REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_articles_add();
--> statement-breakpoint
CREATE TRIGGER articles_count_removed AFTER DELETE ON articles REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_articles_remove();
--> statement-breakpoint
INSERT INTO outlet_day_articles (outlet_id, day, articles)
SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date, count(*) FROM articles GROUP BY 1, 2;
