CREATE TABLE "front_page_days" (
	"article_id" bigint NOT NULL,
	"outlet_id" integer NOT NULL,
	"day" date NOT NULL,
	"best_rank" integer NOT NULL,
	"front_seconds" double precision DEFAULT 0 NOT NULL,
	"lead_seconds" double precision DEFAULT 0 NOT NULL,
	"top10_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "front_page_days_pkey" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
ALTER TABLE "front_page_days" ADD CONSTRAINT "front_page_days_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "front_page_days" ADD CONSTRAINT "front_page_days_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "front_page_days_outlet_day" ON "front_page_days" USING btree ("outlet_id","day");--> statement-breakpoint
-- The days are kept as the worker ranks the captures: the spans it has ranked are ranked again from
-- their start (prominence counted anew), so that the days of the history already crawled are filled.
UPDATE "rank_spans" SET "weighted_minutes" = 0, "ranked_through" = NULL WHERE "ranked_through" IS NOT NULL;--> statement-breakpoint
UPDATE "articles" SET "weighted_minutes" = 0 WHERE "weighted_minutes" <> 0;
