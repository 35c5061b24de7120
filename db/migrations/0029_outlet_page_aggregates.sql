CREATE TABLE "headline_changes" (
	"version_id" bigint PRIMARY KEY NOT NULL,
	"article_id" bigint NOT NULL,
	"outlet_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outlet_capture_hours" (
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "outlet_capture_hours_pkey" PRIMARY KEY("outlet_id","day")
);
--> statement-breakpoint
CREATE TABLE "outlet_day_agency" (
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL,
	"agency" text NOT NULL,
	"articles" integer NOT NULL,
	"judged" integer NOT NULL,
	"read" integer NOT NULL,
	CONSTRAINT "outlet_day_agency_pkey" PRIMARY KEY("outlet_id","day","agency")
);
--> statement-breakpoint
ALTER TABLE "headline_changes" ADD CONSTRAINT "headline_changes_version_id_headline_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."headline_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_changes" ADD CONSTRAINT "headline_changes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_changes" ADD CONSTRAINT "headline_changes_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_capture_hours" ADD CONSTRAINT "outlet_capture_hours_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_day_agency" ADD CONSTRAINT "outlet_day_agency_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "headline_changes_outlet_at" ON "headline_changes" USING btree ("outlet_id","at","article_id");--> statement-breakpoint
CREATE INDEX "headline_changes_article" ON "headline_changes" USING btree ("article_id");--> statement-breakpoint
-- Statement-level triggers keep the aggregates: one grouped write per statement, in key order so two writers never deadlock.
-- Capture hours: a successful capture sets its UTC hour's bit; an update or delete recounts the days it touched.
CREATE FUNCTION outlet_capture_hours_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outlet_capture_hours (outlet_id, day, hours)
  SELECT outlet_id, (at AT TIME ZONE 'UTC')::date, bit_or(1 << extract(hour FROM at AT TIME ZONE 'UTC')::int)
  FROM added WHERE outcome = 'ok' GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (outlet_id, day) DO UPDATE SET hours = outlet_capture_hours.hours | excluded.hours;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outlet_capture_hours_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outlet_capture_hours h SET hours = coalesce((
    SELECT bit_or(1 << extract(hour FROM fc.at AT TIME ZONE 'UTC')::int) FROM frontpage_captures fc
    WHERE fc.outlet_id = h.outlet_id AND fc.outcome = 'ok'
      AND fc.at >= h.day::timestamp AT TIME ZONE 'UTC' AND fc.at < (h.day + 1)::timestamp AT TIME ZONE 'UTC'), 0)
  FROM (SELECT DISTINCT outlet_id, (at AT TIME ZONE 'UTC')::date AS day FROM removed WHERE outcome = 'ok') t
  WHERE h.outlet_id = t.outlet_id AND h.day = t.day;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO outlet_capture_hours (outlet_id, day, hours)
    SELECT outlet_id, (at AT TIME ZONE 'UTC')::date, bit_or(1 << extract(hour FROM at AT TIME ZONE 'UTC')::int)
    FROM added WHERE outcome = 'ok' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (outlet_id, day) DO UPDATE SET hours = outlet_capture_hours.hours | excluded.hours;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER frontpage_captures_hours_added AFTER INSERT ON frontpage_captures REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_capture_hours_add();
--> statement-breakpoint
CREATE TRIGGER frontpage_captures_hours_removed AFTER DELETE ON frontpage_captures REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_capture_hours_recount();
--> statement-breakpoint
CREATE TRIGGER frontpage_captures_hours_updated AFTER UPDATE ON frontpage_captures REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_capture_hours_recount();
--> statement-breakpoint
-- Agency counts: rows counted in (+1) and out (-1) of their (outlet, peninsular day, agency); an update moves only the rows whose counted columns changed.
CREATE FUNCTION outlet_day_agency_apply(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO outlet_day_agency (outlet_id, day, agency, articles, judged, read)
  SELECT (d->>'outlet_id')::int, (d->>'day')::date, d->>'agency', (d->>'articles')::int, (d->>'judged')::int, (d->>'read')::int
  FROM jsonb_array_elements(delta) d
  -- Articles deleted with their outlet (ON DELETE CASCADE): the outlet's counts went with it.
  WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.id = (d->>'outlet_id')::int)
  ORDER BY 1, 2, 3
  ON CONFLICT (outlet_id, day, agency) DO UPDATE SET articles = outlet_day_agency.articles + excluded.articles,
    judged = outlet_day_agency.judged + excluded.judged, read = outlet_day_agency.read + excluded.read;
$$;
--> statement-breakpoint
CREATE FUNCTION outlet_day_agency_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(r) INTO delta FROM (
      SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, coalesce(agency, '') AS agency, count(*) AS articles,
        count(*) FILTER (WHERE read_outcome = 'open' OR agency IS NOT NULL) AS judged, count(*) FILTER (WHERE read_outcome = 'open') AS read
      FROM added GROUP BY 1, 2, 3) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(r) INTO delta FROM (
      SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, coalesce(agency, '') AS agency, -count(*) AS articles,
        -count(*) FILTER (WHERE read_outcome = 'open' OR agency IS NOT NULL) AS judged, -count(*) FILTER (WHERE read_outcome = 'open') AS read
      FROM removed GROUP BY 1, 2, 3) r;
  ELSE
    SELECT jsonb_agg(r) INTO delta FROM (
      SELECT outlet_id, day, agency, sum(n) AS articles, sum(j) AS judged, sum(rd) AS read FROM (
        SELECT x.outlet_id, (x.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, coalesce(x.agency, '') AS agency, x.sign AS n,
          CASE WHEN x.read_outcome = 'open' OR x.agency IS NOT NULL THEN x.sign ELSE 0 END AS j,
          CASE WHEN x.read_outcome = 'open' THEN x.sign ELSE 0 END AS rd
        FROM (
          SELECT n.outlet_id, n.first_seen_at, n.agency, n.read_outcome, 1 AS sign, o.outlet_id AS o_outlet, o.first_seen_at AS o_seen, o.agency AS o_agency, o.read_outcome AS o_read
          FROM added n JOIN removed o ON o.id = n.id
          UNION ALL
          SELECT o.outlet_id, o.first_seen_at, o.agency, o.read_outcome, -1, n.outlet_id, n.first_seen_at, n.agency, n.read_outcome
          FROM added n JOIN removed o ON o.id = n.id) x
        WHERE (x.outlet_id, x.first_seen_at, x.agency, x.read_outcome) IS DISTINCT FROM (x.o_outlet, x.o_seen, x.o_agency, x.o_read)) y
      GROUP BY 1, 2, 3) r;
  END IF;
  IF delta IS NOT NULL THEN PERFORM outlet_day_agency_apply(delta); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_agency_added AFTER INSERT ON articles REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_agency_count();
--> statement-breakpoint
CREATE TRIGGER articles_agency_removed AFTER DELETE ON articles REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_agency_count();
--> statement-breakpoint
CREATE TRIGGER articles_agency_updated AFTER UPDATE ON articles REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_agency_count();
--> statement-breakpoint
-- Headline changes: a version is a change when its article has a version first seen earlier. Inserting a version, or moving
-- one's first_seen_at, recounts its article's versions.
CREATE FUNCTION headline_changes_recount() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO headline_changes (version_id, article_id, outlet_id, at)
  SELECT v.id, v.article_id, a.outlet_id, v.first_seen_at FROM headline_versions v JOIN articles a ON a.id = v.article_id
  WHERE v.article_id = ANY (touched)
    AND EXISTS (SELECT 1 FROM headline_versions p WHERE p.article_id = v.article_id AND p.first_seen_at < v.first_seen_at)
  ORDER BY v.id
  ON CONFLICT (version_id) DO UPDATE SET at = excluded.at WHERE headline_changes.at IS DISTINCT FROM excluded.at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER headline_versions_changes_added AFTER INSERT ON headline_versions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_changes_recount();
--> statement-breakpoint
CREATE TRIGGER headline_versions_changes_updated AFTER UPDATE ON headline_versions REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_changes_recount();
--> statement-breakpoint
-- The history already recorded.
INSERT INTO outlet_capture_hours (outlet_id, day, hours)
SELECT outlet_id, (at AT TIME ZONE 'UTC')::date, bit_or(1 << extract(hour FROM at AT TIME ZONE 'UTC')::int)
FROM frontpage_captures WHERE outcome = 'ok' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO outlet_day_agency (outlet_id, day, agency, articles, judged, read)
SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date, coalesce(agency, ''), count(*),
  count(*) FILTER (WHERE read_outcome = 'open' OR agency IS NOT NULL), count(*) FILTER (WHERE read_outcome = 'open')
FROM articles GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO headline_changes (version_id, article_id, outlet_id, at)
SELECT v.id, v.article_id, a.outlet_id, v.first_seen_at
FROM (SELECT id, article_id, first_seen_at, min(first_seen_at) OVER (PARTITION BY article_id) AS first_at FROM headline_versions) v
JOIN articles a ON a.id = v.article_id
WHERE v.first_seen_at > v.first_at;
