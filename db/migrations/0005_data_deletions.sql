CREATE TABLE "data_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"reason" text NOT NULL,
	"exclusion_id" integer,
	"robots_version_id" integer,
	"triggered_at" timestamp with time zone NOT NULL,
	"first_deleted_at" timestamp with time zone NOT NULL,
	"last_deleted_at" timestamp with time zone NOT NULL,
	"articles_deleted" bigint DEFAULT 0 NOT NULL,
	"rows_deleted" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_deletions" ADD CONSTRAINT "data_deletions_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_deletions" ADD CONSTRAINT "data_deletions_exclusion_id_exclusions_id_fk" FOREIGN KEY ("exclusion_id") REFERENCES "public"."exclusions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_deletions_trigger" ON "data_deletions" USING btree ("outlet_id","reason",coalesce("exclusion_id", 0),coalesce("robots_version_id", 0));--> statement-breakpoint
CREATE INDEX "headline_versions_text_hash" ON "headline_versions" USING btree ("text_hash");