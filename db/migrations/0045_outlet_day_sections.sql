CREATE TABLE "outlet_day_sections" (
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL,
	"section" text NOT NULL,
	"unread" boolean NOT NULL,
	"articles" integer NOT NULL,
	CONSTRAINT "outlet_day_sections_pkey" PRIMARY KEY("outlet_id","day","section","unread")
);
--> statement-breakpoint
ALTER TABLE "outlet_day_sections" ADD CONSTRAINT "outlet_day_sections_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level triggers keep the counts, as they keep the agency counts (migration outlet_page_aggregates): rows counted in
-- (+1) and out (-1) of their (outlet, peninsular day, section, unread); an update moves only the rows whose counted values changed.
CREATE FUNCTION outlet_day_sections_apply(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO outlet_day_sections (outlet_id, day, section, unread, articles)
  SELECT (d->>'outlet_id')::int, (d->>'day')::date, d->>'section', (d->>'unread')::boolean, (d->>'articles')::int
  FROM jsonb_array_elements(delta) d
  -- Articles deleted with their outlet (ON DELETE CASCADE): the outlet's counts went with it.
  WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.id = (d->>'outlet_id')::int)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (outlet_id, day, section, unread) DO UPDATE SET articles = outlet_day_sections.articles + excluded.articles;
$$;
--> statement-breakpoint
CREATE FUNCTION outlet_day_sections_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(r) INTO delta FROM (
      SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, coalesce(trim(section), '') AS section,
        read_at IS NULL AS unread, count(*) AS articles
      FROM added GROUP BY 1, 2, 3, 4) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(r) INTO delta FROM (
      SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, coalesce(trim(section), '') AS section,
        read_at IS NULL AS unread, -count(*) AS articles
      FROM removed GROUP BY 1, 2, 3, 4) r;
  ELSE
    SELECT jsonb_agg(r) INTO delta FROM (
      SELECT outlet_id, day, section, unread, sum(sign) AS articles FROM (
        SELECT x.outlet_id, (x.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, coalesce(trim(x.section), '') AS section,
          x.unread, x.sign
        FROM (
          SELECT n.outlet_id, n.first_seen_at, n.section, n.read_at IS NULL AS unread, 1 AS sign,
            o.outlet_id AS o_outlet, o.first_seen_at AS o_seen, o.section AS o_section, o.read_at IS NULL AS o_unread
          FROM added n JOIN removed o ON o.id = n.id
          UNION ALL
          SELECT o.outlet_id, o.first_seen_at, o.section, o.read_at IS NULL, -1, n.outlet_id, n.first_seen_at, n.section, n.read_at IS NULL
          FROM added n JOIN removed o ON o.id = n.id) x
        WHERE (x.outlet_id, x.first_seen_at, x.section, x.unread) IS DISTINCT FROM (x.o_outlet, x.o_seen, x.o_section, x.o_unread)) y
      GROUP BY 1, 2, 3, 4) r;
  END IF;
  IF delta IS NOT NULL THEN PERFORM outlet_day_sections_apply(delta); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_sections_added AFTER INSERT ON articles REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_sections_count();
--> statement-breakpoint
CREATE TRIGGER articles_sections_removed AFTER DELETE ON articles REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_sections_count();
--> statement-breakpoint
CREATE TRIGGER articles_sections_updated AFTER UPDATE ON articles REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION outlet_day_sections_count();
--> statement-breakpoint
-- The articles already recorded.
INSERT INTO outlet_day_sections (outlet_id, day, section, unread, articles)
SELECT outlet_id, (first_seen_at AT TIME ZONE 'Europe/Madrid')::date, coalesce(trim(section), ''), read_at IS NULL, count(*)
FROM articles GROUP BY 1, 2, 3, 4;
