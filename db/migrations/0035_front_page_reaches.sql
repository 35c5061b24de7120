CREATE TABLE "front_page_reaches" (
	"article_id" bigint NOT NULL,
	"rank" smallint NOT NULL,
	"outlet_id" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"previous_rank" smallint,
	CONSTRAINT "front_page_reaches_pkey" PRIMARY KEY("article_id","rank")
);
--> statement-breakpoint
ALTER TABLE "headline_versions" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish', search_fold(text))) STORED;--> statement-breakpoint
ALTER TABLE "front_page_reaches" ADD CONSTRAINT "front_page_reaches_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "front_page_reaches" ADD CONSTRAINT "front_page_reaches_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "front_page_reaches_at" ON "front_page_reaches" USING btree ("reached_at","outlet_id","rank","previous_rank","article_id");--> statement-breakpoint
-- Each article's reaches among the captures of `outlet` in [lo, hi]: the ranks of the top 10 at each capture (1 + the spans
-- covering it with a lower position, found as db/span-overlap.ts finds them), kept where the article stood higher than ever
-- before. Merged with what is stored: a reach is added unless an earlier one was as high, and stored ones it makes moot go.
-- A merge is exact when the write could only raise ranks (a span deleted or cut short, a capture added); after one that may
-- lower them (a span added or moved), `rebuild` recomputes the outlet's reaches from `lo` on.
CREATE FUNCTION front_page_reaches_merge(outlet integer, lo timestamptz, hi timestamptz, rebuild boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE ids bigint[]; ranks smallint[]; ats timestamptz[];
BEGIN
  -- An outlet deleted in this statement takes its reaches with it (ON DELETE CASCADE).
  IF NOT EXISTS (SELECT 1 FROM outlets WHERE id = outlet) THEN RETURN; END IF;
  IF rebuild THEN
    hi := 'infinity';
    DELETE FROM front_page_reaches WHERE outlet_id = outlet AND reached_at >= lo;
  END IF;
  SELECT array_agg(article_id ORDER BY article_id, rank), array_agg(rank ORDER BY article_id, rank), array_agg(at ORDER BY article_id, rank)
  INTO ids, ranks, ats FROM (
    SELECT r.article_id, r.rank, r.at, min(r.rank) OVER (PARTITION BY r.article_id ORDER BY r.at ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
    FROM (
      SELECT c.at, x.article_id, x.rank::smallint AS rank FROM frontpage_captures c
      CROSS JOIN LATERAL (
        SELECT y.article_id, y.rank FROM (
          SELECT s.article_id, rank() OVER (ORDER BY s.position) AS rank FROM (
            SELECT article_id, position FROM rank_spans
            WHERE outlet_id = outlet AND from_at >= c.at - interval '24 hours' AND from_at <= c.at AND to_at >= c.at
              AND to_at - from_at <= interval '24 hours'
            UNION ALL
            SELECT article_id, position FROM rank_spans
            WHERE outlet_id = outlet AND (to_at IS NULL OR to_at - from_at > interval '24 hours') AND (to_at >= c.at OR to_at IS NULL)
              AND from_at <= c.at) s) y
        WHERE y.rank <= 10) x
      WHERE c.outlet_id = outlet AND c.outcome = 'ok' AND c.at >= lo AND c.at <= hi) r) f
  WHERE before IS NULL OR rank < before;
  IF ids IS NULL THEN RETURN; END IF;
  DELETE FROM front_page_reaches e USING unnest(ids, ranks, ats) AS b(article_id, rank, at)
  WHERE e.article_id = b.article_id AND e.rank >= b.rank AND e.reached_at >= b.at AND (e.rank, e.reached_at) <> (b.rank, b.at);
  INSERT INTO front_page_reaches (article_id, rank, outlet_id, reached_at)
  SELECT b.article_id, b.rank, outlet, b.at FROM unnest(ids, ranks, ats) AS b(article_id, rank, at)
  WHERE NOT EXISTS (SELECT 1 FROM front_page_reaches e WHERE e.article_id = b.article_id AND e.rank <= b.rank AND e.reached_at <= b.at)
    -- Spans deleted with their article (ON DELETE CASCADE) may still be seen mid-statement: their reaches went with them.
    AND EXISTS (SELECT 1 FROM articles a WHERE a.id = b.article_id)
  ORDER BY b.article_id, b.rank
  ON CONFLICT (article_id, rank) DO UPDATE SET reached_at = excluded.reached_at, outlet_id = excluded.outlet_id;
  -- Each reach's previous one is the next higher rank: a reach is the first time in the top N for N in [rank, previous).
  UPDATE front_page_reaches e SET previous_rank = p.previous
  FROM (SELECT r.article_id, r.rank, lag(r.rank) OVER (PARTITION BY r.article_id ORDER BY r.rank DESC) AS previous
        FROM front_page_reaches r WHERE r.article_id = ANY (ids)) p
  WHERE e.article_id = p.article_id AND e.rank = p.rank AND e.previous_rank IS DISTINCT FROM p.previous;
END $$;
--> statement-breakpoint
-- Statement-level triggers merge or rebuild from the captures whose ranks a write may have changed: a new capture; the
-- captures a deleted span covered; a new span's start on; for a span cut short, those between its old and new end (the
-- crawler's capture: one). A span deleted or cut short takes its own article's reaches in what it no longer covers, so
-- when it had any there (never when the crawler ends a span), the outlet is rebuilt from there. The prominence step's
-- updates of open spans move no end and cost a join of the transition tables.
CREATE FUNCTION front_page_reaches_spans_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT outlet_id, min(from_at) AS lo FROM added GROUP BY outlet_id ORDER BY outlet_id LOOP
    PERFORM front_page_reaches_merge(r.outlet_id, r.lo, 'infinity', true);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION front_page_reaches_spans_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT o.outlet_id, min(o.from_at) AS lo, max(coalesce(o.to_at, 'infinity')) AS hi,
      -- An article deleted with its spans takes its reaches too (ON DELETE CASCADE).
      bool_or(EXISTS (SELECT 1 FROM front_page_reaches e JOIN articles a ON a.id = e.article_id WHERE e.article_id = o.article_id
        AND e.reached_at >= o.from_at AND e.reached_at <= coalesce(o.to_at, 'infinity'))) AS rebuild
    FROM removed o GROUP BY o.outlet_id ORDER BY o.outlet_id
  LOOP
    PERFORM front_page_reaches_merge(r.outlet_id, r.lo, r.hi, r.rebuild);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION front_page_reaches_span_updates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    WITH pairs AS (
      SELECT n.outlet_id, n.from_at, n.to_at, o.to_at AS old_to,
        -- Cut short in place: the others' ranks can only rise, and only between the two ends.
        n.position = o.position AND n.outlet_id = o.outlet_id AND coalesce(n.to_at, 'infinity') < coalesce(o.to_at, 'infinity')
          AND NOT EXISTS (SELECT 1 FROM front_page_reaches e WHERE e.article_id = n.article_id
            AND e.reached_at > n.to_at AND e.reached_at <= coalesce(o.to_at, 'infinity')) AS shortened
      FROM added n JOIN removed o ON o.article_id = n.article_id AND o.from_at = n.from_at
      WHERE n.to_at IS DISTINCT FROM o.to_at OR n.position <> o.position OR n.outlet_id <> o.outlet_id
    ), moved AS (
      SELECT outlet_id, least(from_at, to_at) AS lo FROM pairs WHERE NOT shortened
      UNION ALL
      SELECT o.outlet_id, o.from_at FROM removed o JOIN added n ON o.article_id = n.article_id AND o.from_at = n.from_at
      WHERE n.outlet_id <> o.outlet_id
      UNION ALL
      -- A span whose key moved: both its places.
      SELECT n.outlet_id, n.from_at FROM added n WHERE NOT EXISTS (SELECT 1 FROM removed o WHERE o.article_id = n.article_id AND o.from_at = n.from_at)
      UNION ALL
      SELECT o.outlet_id, o.from_at FROM removed o WHERE NOT EXISTS (SELECT 1 FROM added n WHERE n.article_id = o.article_id AND n.from_at = o.from_at)
    )
    SELECT outlet_id, min(to_at) AS lo, max(coalesce(old_to, 'infinity')) AS hi, false AS rebuild FROM pairs WHERE shortened GROUP BY outlet_id
    UNION ALL
    SELECT outlet_id, min(lo), 'infinity', true FROM moved GROUP BY outlet_id
    ORDER BY rebuild, outlet_id
  LOOP
    PERFORM front_page_reaches_merge(r.outlet_id, r.lo, r.hi, r.rebuild);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION front_page_reaches_captures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT outlet_id, min(at) AS lo, max(at) AS hi FROM added WHERE outcome = 'ok' GROUP BY outlet_id ORDER BY outlet_id LOOP
    PERFORM front_page_reaches_merge(r.outlet_id, r.lo, r.hi, false);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rank_spans_reaches_added AFTER INSERT ON rank_spans REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION front_page_reaches_spans_added();
--> statement-breakpoint
CREATE TRIGGER rank_spans_reaches_removed AFTER DELETE ON rank_spans REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION front_page_reaches_spans_removed();
--> statement-breakpoint
CREATE TRIGGER rank_spans_reaches_updated AFTER UPDATE ON rank_spans REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION front_page_reaches_span_updates();
--> statement-breakpoint
CREATE TRIGGER frontpage_captures_reaches_added AFTER INSERT ON frontpage_captures REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION front_page_reaches_captures();
--> statement-breakpoint
-- The spans already recorded, outlet by outlet.
SELECT front_page_reaches_merge(id, '-infinity', 'infinity', false) FROM outlets ORDER BY id;
