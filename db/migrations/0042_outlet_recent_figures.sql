-- The outlet page's recent figures, kept by the worker so that its default view reads one row.
CREATE TABLE "outlet_recent_figures" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"front_now" jsonb,
	"front_time" jsonb,
	"timelines" jsonb,
	"agency_front" jsonb,
	"silences" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outlet_recent_figures" ADD CONSTRAINT "outlet_recent_figures_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;