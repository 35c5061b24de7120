CREATE TABLE "front_page_totals" (
	"article_id" bigint PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"best_rank" integer NOT NULL,
	"front_seconds" double precision NOT NULL,
	"lead_seconds" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "front_page_totals" ADD CONSTRAINT "front_page_totals_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "front_page_totals" ADD CONSTRAINT "front_page_totals_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "front_page_totals_outlet_days" ON "front_page_totals" USING btree ("outlet_id","first_day","last_day","article_id","best_rank","front_seconds","lead_seconds");--> statement-breakpoint
CREATE INDEX "front_page_totals_outlet_last_day" ON "front_page_totals" USING btree ("outlet_id","last_day","first_day");--> statement-breakpoint
-- Read over long periods from its index: vacuumed after 1 % of its rows changed, as the tables it sums (migration 0038).
ALTER TABLE "front_page_totals" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
-- Statement-level triggers keep each touched article's totals: its days are read again (a few per article), in key order so two
-- writers never deadlock. The prominence step's upsert fires both the insert and the update trigger.
CREATE FUNCTION front_page_totals_recount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT article_id ORDER BY article_id) INTO touched FROM removed;
  ELSE
    SELECT array_agg(DISTINCT x ORDER BY x) INTO touched FROM (SELECT article_id AS x FROM added UNION ALL SELECT article_id FROM removed) t;
  END IF;
  IF touched IS NULL THEN RETURN NULL; END IF;
  DELETE FROM front_page_totals t WHERE t.article_id = ANY (touched) AND NOT EXISTS (SELECT 1 FROM front_page_days d WHERE d.article_id = t.article_id);
  INSERT INTO front_page_totals (article_id, outlet_id, first_day, last_day, best_rank, front_seconds, lead_seconds)
  SELECT d.article_id, min(d.outlet_id), min(d.day), max(d.day), min(d.best_rank), sum(d.front_seconds), sum(d.lead_seconds)
  FROM front_page_days d
  WHERE d.article_id = ANY (touched)
    -- Days deleted with their article or outlet (ON DELETE CASCADE) may still be seen mid-statement: their totals went with them.
    AND EXISTS (SELECT 1 FROM articles a WHERE a.id = d.article_id) AND EXISTS (SELECT 1 FROM outlets o WHERE o.id = d.outlet_id)
  GROUP BY d.article_id ORDER BY d.article_id
  ON CONFLICT (article_id) DO UPDATE SET outlet_id = excluded.outlet_id, first_day = excluded.first_day, last_day = excluded.last_day,
    best_rank = excluded.best_rank, front_seconds = excluded.front_seconds, lead_seconds = excluded.lead_seconds
  WHERE (front_page_totals.outlet_id, front_page_totals.first_day, front_page_totals.last_day, front_page_totals.best_rank,
      front_page_totals.front_seconds, front_page_totals.lead_seconds)
    IS DISTINCT FROM (excluded.outlet_id, excluded.first_day, excluded.last_day, excluded.best_rank, excluded.front_seconds, excluded.lead_seconds);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER front_page_days_totals_added AFTER INSERT ON front_page_days REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION front_page_totals_recount();
--> statement-breakpoint
CREATE TRIGGER front_page_days_totals_removed AFTER DELETE ON front_page_days REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION front_page_totals_recount();
--> statement-breakpoint
CREATE TRIGGER front_page_days_totals_updated AFTER UPDATE ON front_page_days REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION front_page_totals_recount();
--> statement-breakpoint
-- The days already stored.
INSERT INTO front_page_totals (article_id, outlet_id, first_day, last_day, best_rank, front_seconds, lead_seconds)
SELECT article_id, min(outlet_id), min(day), max(day), min(best_rank), sum(front_seconds), sum(lead_seconds)
FROM front_page_days GROUP BY article_id;
