CREATE TABLE "headline_word_days" (
	"word" text NOT NULL,
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL,
	"articles" integer DEFAULT 0 NOT NULL,
	"minutes" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "headline_word_days_pkey" PRIMARY KEY("word","outlet_id","day")
);
--> statement-breakpoint
ALTER TABLE "headline_word_days" ADD CONSTRAINT "headline_word_days_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "headline_word_days_read" ON "headline_word_days" USING btree ("word","day","outlet_id","articles","minutes");
--> statement-breakpoint
-- The words a headline is searched by: the lexemes of the expression the GIN indexes on headline_versions hold, so a
-- one-word search matches a headline exactly when its lexeme is among these.
CREATE FUNCTION headline_words(headline text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT tsvector_to_array(to_tsvector('spanish'::regconfig, search_fold(headline))) $$;
--> statement-breakpoint
-- Every (outlet, peninsular day) in `keys` counted again from the rows: what deletions use, since a cascade may already
-- have taken an article's headlines when a trigger runs. Only live rows count (spans are joined to their article).
CREATE FUNCTION headline_word_days_recount(outlet_ids int[], days date[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM headline_word_days w USING (SELECT DISTINCT o, d FROM unnest(outlet_ids, days) AS k(o, d)) k
  WHERE w.outlet_id = k.o AND w.day = k.d;
  INSERT INTO headline_word_days AS w (word, outlet_id, day, articles, minutes)
  SELECT t.word, t.outlet_id, t.day, sum(t.articles)::int, sum(t.minutes) FROM (
    SELECT v.word, a.outlet_id, k.d AS day, count(*) AS articles, 0::float8 AS minutes
    FROM (SELECT DISTINCT o, d FROM unnest(outlet_ids, days) AS k(o, d)) k
    JOIN articles a ON a.outlet_id = k.o
      AND a.first_seen_at >= (k.d::timestamp AT TIME ZONE 'Europe/Madrid') AND a.first_seen_at < ((k.d + 1)::timestamp AT TIME ZONE 'Europe/Madrid')
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(headline_words(h.text)) AS word FROM headline_versions h WHERE h.article_id = a.id) v
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT v.word, s.outlet_id, k.d, 0, sum(s.weighted_minutes)
    FROM (SELECT DISTINCT o, d FROM unnest(outlet_ids, days) AS k(o, d)) k
    JOIN rank_spans s ON s.outlet_id = k.o
      AND s.from_at >= (k.d::timestamp AT TIME ZONE 'Europe/Madrid') AND s.from_at < ((k.d + 1)::timestamp AT TIME ZONE 'Europe/Madrid')
    JOIN articles a ON a.id = s.article_id
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(headline_words(h.text)) AS word FROM headline_versions h WHERE h.article_id = a.id) v
    WHERE s.weighted_minutes <> 0
    GROUP BY 1, 2, 3) t
  WHERE EXISTS (SELECT 1 FROM outlets o WHERE o.id = t.outlet_id)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (word, outlet_id, day) DO UPDATE SET articles = excluded.articles, minutes = excluded.minutes;
$$;
--> statement-breakpoint
-- New headline versions: each word an article did not have yet adds the article to its first-seen day, and the minutes
-- of the article's spans to their days.
CREATE FUNCTION headline_word_days_versions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO headline_word_days AS w (word, outlet_id, day, articles, minutes)
  SELECT t.word, t.outlet_id, t.day, sum(t.articles)::int, sum(t.minutes) FROM (
    WITH fresh AS (
      SELECT DISTINCT n.article_id, unnest(headline_words(n.text)) AS word FROM added n
      EXCEPT
      SELECT h.article_id, unnest(headline_words(h.text)) FROM headline_versions h
      WHERE h.article_id IN (SELECT article_id FROM added) AND h.id NOT IN (SELECT id FROM added))
    SELECT f.word, a.outlet_id, (a.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, 1 AS articles, 0::float8 AS minutes
    FROM fresh f JOIN articles a ON a.id = f.article_id
    UNION ALL
    SELECT f.word, s.outlet_id, (s.from_at AT TIME ZONE 'Europe/Madrid')::date, 0, s.weighted_minutes
    FROM fresh f JOIN rank_spans s ON s.article_id = f.article_id WHERE s.weighted_minutes <> 0) t
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (word, outlet_id, day) DO UPDATE SET articles = w.articles + excluded.articles, minutes = w.minutes + excluded.minutes;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Spans added or moved forward (the prominence step adds minutes): each span's change of minutes, added to every word of its
-- article on the span's day. Spans unchanged in minutes, day and outlet cost a join of the transition tables.
CREATE FUNCTION headline_word_days_spans_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO headline_word_days AS w (word, outlet_id, day, articles, minutes)
  SELECT v.word, c.outlet_id, c.day, 0, sum(c.minutes)
  FROM (
    SELECT d.article_id, d.outlet_id, d.day, sum(d.minutes) AS minutes FROM (
      SELECT n.article_id, n.outlet_id, (n.from_at AT TIME ZONE 'Europe/Madrid')::date AS day, n.weighted_minutes AS minutes FROM added n
      WHERE n.weighted_minutes <> 0
) d
    GROUP BY 1, 2, 3 HAVING sum(d.minutes) <> 0) c
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(headline_words(h.text)) AS word FROM headline_versions h WHERE h.article_id = c.article_id) v
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (word, outlet_id, day) DO UPDATE SET minutes = w.minutes + excluded.minutes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION headline_word_days_spans_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO headline_word_days AS w (word, outlet_id, day, articles, minutes)
  SELECT v.word, c.outlet_id, c.day, 0, sum(c.minutes)
  FROM (
    SELECT d.article_id, d.outlet_id, d.day, sum(d.minutes) AS minutes FROM (
      SELECT n.article_id, n.outlet_id, (n.from_at AT TIME ZONE 'Europe/Madrid')::date AS day, n.weighted_minutes AS minutes FROM added n
      WHERE n.weighted_minutes <> 0
      UNION ALL
      SELECT o.article_id, o.outlet_id, (o.from_at AT TIME ZONE 'Europe/Madrid')::date, -o.weighted_minutes FROM removed o
      WHERE o.weighted_minutes <> 0) d
    GROUP BY 1, 2, 3 HAVING sum(d.minutes) <> 0) c
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(headline_words(h.text)) AS word FROM headline_versions h WHERE h.article_id = c.article_id) v
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (word, outlet_id, day) DO UPDATE SET minutes = w.minutes + excluded.minutes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION headline_word_days_articles_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM headline_word_days_recount(array_agg(outlet_id), array_agg((first_seen_at AT TIME ZONE 'Europe/Madrid')::date)) FROM removed;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A headline removed without its article: the article's day and the days of its spans.
CREATE FUNCTION headline_word_days_versions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM headline_word_days_recount(array_agg(k.outlet_id), array_agg(k.day)) FROM (
    SELECT a.outlet_id, (a.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day FROM articles a WHERE a.id IN (SELECT article_id FROM removed)
    UNION
    SELECT s.outlet_id, (s.from_at AT TIME ZONE 'Europe/Madrid')::date FROM rank_spans s WHERE s.article_id IN (SELECT article_id FROM removed)) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION headline_word_days_spans_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM headline_word_days_recount(array_agg(outlet_id), array_agg((from_at AT TIME ZONE 'Europe/Madrid')::date)) FROM removed WHERE weighted_minutes <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Moves no writer makes today (a restore or a fix might): a version's text or article changed, an article's first sighting
-- or outlet changed. The touched days are counted again; the frequent updates (seen again, read, prominence) cost a join of
-- the transition tables.
CREATE FUNCTION headline_word_days_versions_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched bigint[];
BEGIN
  SELECT array_agg(DISTINCT x) INTO touched FROM (
    SELECT unnest(ARRAY[o.article_id, n.article_id]) AS x FROM added n JOIN removed o ON o.id = n.id
    WHERE n.article_id IS DISTINCT FROM o.article_id OR n.text IS DISTINCT FROM o.text) t;
  IF touched IS NULL THEN RETURN NULL; END IF;
  PERFORM headline_word_days_recount(array_agg(k.outlet_id), array_agg(k.day)) FROM (
    SELECT a.outlet_id, (a.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day FROM articles a WHERE a.id = ANY (touched)
    UNION
    SELECT s.outlet_id, (s.from_at AT TIME ZONE 'Europe/Madrid')::date FROM rank_spans s WHERE s.article_id = ANY (touched)) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION headline_word_days_articles_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM headline_word_days_recount(array_agg(k.outlet_id), array_agg(k.day)) FROM (
    SELECT unnest(ARRAY[o.outlet_id, n.outlet_id]) AS outlet_id,
      unnest(ARRAY[(o.first_seen_at AT TIME ZONE 'Europe/Madrid')::date, (n.first_seen_at AT TIME ZONE 'Europe/Madrid')::date]) AS day
    FROM added n JOIN removed o ON o.id = n.id
    WHERE n.first_seen_at IS DISTINCT FROM o.first_seen_at OR n.outlet_id IS DISTINCT FROM o.outlet_id) k
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER headline_versions_words_added AFTER INSERT ON headline_versions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_versions_added();
--> statement-breakpoint
CREATE TRIGGER headline_versions_words_removed AFTER DELETE ON headline_versions REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_versions_removed();
--> statement-breakpoint
CREATE TRIGGER rank_spans_words_added AFTER INSERT ON rank_spans REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_spans_added();
--> statement-breakpoint
CREATE TRIGGER rank_spans_words_updated AFTER UPDATE ON rank_spans REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_spans_updated();
--> statement-breakpoint
CREATE TRIGGER rank_spans_words_removed AFTER DELETE ON rank_spans REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_spans_removed();
--> statement-breakpoint
CREATE TRIGGER articles_words_removed AFTER DELETE ON articles REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_articles_removed();
--> statement-breakpoint
CREATE TRIGGER headline_versions_words_updated AFTER UPDATE ON headline_versions REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_versions_moved();
--> statement-breakpoint
CREATE TRIGGER articles_words_updated AFTER UPDATE ON articles REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION headline_word_days_articles_moved();
--> statement-breakpoint
-- The headlines and spans already recorded.
INSERT INTO headline_word_days (word, outlet_id, day, articles, minutes)
SELECT t.word, t.outlet_id, t.day, sum(t.articles)::int, sum(t.minutes) FROM (
  SELECT v.word, a.outlet_id, (a.first_seen_at AT TIME ZONE 'Europe/Madrid')::date AS day, count(*) AS articles, 0::float8 AS minutes
  FROM articles a CROSS JOIN LATERAL (SELECT DISTINCT unnest(headline_words(h.text)) AS word FROM headline_versions h WHERE h.article_id = a.id) v
  GROUP BY 1, 2, 3
  UNION ALL
  SELECT v.word, s.outlet_id, (s.from_at AT TIME ZONE 'Europe/Madrid')::date, 0, sum(s.weighted_minutes)
  FROM rank_spans s CROSS JOIN LATERAL (SELECT DISTINCT unnest(headline_words(h.text)) AS word FROM headline_versions h WHERE h.article_id = s.article_id) v
  WHERE s.weighted_minutes <> 0
  GROUP BY 1, 2, 3) t
GROUP BY 1, 2, 3;
