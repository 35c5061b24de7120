CREATE TABLE "outlet_day_analysis" (
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL,
	"headlines" integer NOT NULL,
	"other_language" integer NOT NULL,
	"questions" integer NOT NULL,
	"quotes" integer NOT NULL,
	"numbers" integer NOT NULL,
	"clickbait" integer NOT NULL,
	"formulas" jsonb NOT NULL,
	"framing" jsonb NOT NULL,
	CONSTRAINT "outlet_day_analysis_pkey" PRIMARY KEY("outlet_id","day")
);
--> statement-breakpoint
CREATE TABLE "outlet_day_analysis_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outlet_day_analysis_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outlet_day_analysis" ADD CONSTRAINT "outlet_day_analysis_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_day_analysis_changes" ADD CONSTRAINT "outlet_day_analysis_changes_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outlet_day_analysis_changes_day" ON "outlet_day_analysis_changes" USING btree ("outlet_id","day");--> statement-breakpoint
-- Triggers record the (outlet, peninsular day) of every change that moves a day's headline analysis: a version added,
-- removed or moved to another article or headline; an article moved to another day or outlet, or deleted (its versions go
-- with it); a headline's features or framing added, changed or removed (every day that shows that headline). They only
-- append rows, so they take no lock a writer could wait on; the worker computes the recorded days and deletes the rows it saw.
CREATE FUNCTION outlet_day_analysis_record_articles(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO outlet_day_analysis_changes (outlet_id, day)
  SELECT DISTINCT a.outlet_id, (a.first_seen_at AT TIME ZONE 'Europe/Madrid')::date FROM articles a
  WHERE a.id = ANY (ids) AND EXISTS (SELECT 1 FROM outlets o WHERE o.id = a.outlet_id);
$$;
--> statement-breakpoint
CREATE FUNCTION outlet_day_analysis_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT article_id) INTO ids FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    -- Versions deleted with their article: the article's own trigger recorded its day, and it is gone here.
    SELECT array_agg(DISTINCT article_id) INTO ids FROM removed;
  ELSE
    -- Sightings move last_seen_at all the time; only a version's article or headline moves the analysis.
    SELECT array_agg(DISTINCT x) INTO ids FROM added n JOIN removed o ON o.id = n.id
    CROSS JOIN LATERAL unnest(array[n.article_id, o.article_id]) AS x
    WHERE (n.article_id, n.text_hash) IS DISTINCT FROM (o.article_id, o.text_hash);
  END IF;
  IF ids IS NOT NULL THEN PERFORM outlet_day_analysis_record_articles(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outlet_day_analysis_articles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO outlet_day_analysis_changes (outlet_id, day)
    SELECT DISTINCT r.outlet_id, (r.first_seen_at AT TIME ZONE 'Europe/Madrid')::date FROM removed r
    WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.id = r.outlet_id);
  ELSE
    -- An article moved to another day or outlet: both days, each row's day computed once.
    INSERT INTO outlet_day_analysis_changes (outlet_id, day)
    SELECT DISTINCT x.outlet_id, x.day
    FROM (SELECT n.outlet_id AS n_outlet, (n.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS n_day,
            o.outlet_id AS o_outlet, (o.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS o_day
          FROM added n JOIN removed o ON o.id = n.id) m
    CROSS JOIN LATERAL (VALUES (m.n_outlet, m.n_day), (m.o_outlet, m.o_day)) AS x(outlet_id, day)
    WHERE (m.n_outlet, m.n_day) IS DISTINCT FROM (m.o_outlet, m.o_day) AND EXISTS (SELECT 1 FROM outlets o WHERE o.id = x.outlet_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outlet_day_analysis_headlines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE hashes text[];
DECLARE ids bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT text_hash) INTO hashes FROM added;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT text_hash) INTO hashes FROM removed;
  ELSE
    SELECT array_agg(DISTINCT h) INTO hashes FROM (SELECT text_hash AS h FROM added UNION ALL SELECT text_hash FROM removed) t;
  END IF;
  IF hashes IS NULL THEN RETURN NULL; END IF;
  SELECT array_agg(DISTINCT hv.article_id) INTO ids FROM headline_versions hv WHERE hv.text_hash = ANY (hashes);
  IF ids IS NOT NULL THEN PERFORM outlet_day_analysis_record_articles(ids); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER headline_versions_analysis_added AFTER INSERT ON headline_versions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_versions_changed();
--> statement-breakpoint
CREATE TRIGGER headline_versions_analysis_removed AFTER DELETE ON headline_versions REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_versions_changed();
--> statement-breakpoint
CREATE TRIGGER headline_versions_analysis_updated AFTER UPDATE ON headline_versions REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_versions_changed();
--> statement-breakpoint
CREATE TRIGGER articles_analysis_removed AFTER DELETE ON articles REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_articles_changed();
--> statement-breakpoint
CREATE TRIGGER articles_analysis_updated AFTER UPDATE ON articles REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_articles_changed();
--> statement-breakpoint
CREATE TRIGGER headline_features_analysis_added AFTER INSERT ON headline_features REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_headlines_changed();
--> statement-breakpoint
CREATE TRIGGER headline_features_analysis_removed AFTER DELETE ON headline_features REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_headlines_changed();
--> statement-breakpoint
CREATE TRIGGER headline_features_analysis_updated AFTER UPDATE ON headline_features REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_headlines_changed();
--> statement-breakpoint
CREATE TRIGGER framing_analysis_added AFTER INSERT ON framing REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_headlines_changed();
--> statement-breakpoint
CREATE TRIGGER framing_analysis_removed AFTER DELETE ON framing REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_headlines_changed();
--> statement-breakpoint
CREATE TRIGGER framing_analysis_updated AFTER UPDATE ON framing REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_analysis_headlines_changed();
--> statement-breakpoint
-- Every day already recorded is to be computed.
INSERT INTO outlet_day_analysis_changes (outlet_id, day)
SELECT DISTINCT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date FROM articles;
