CREATE TABLE "outlet_status" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"collection" jsonb NOT NULL,
	"comparison" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_volume" (
	"site_domain" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL,
	"busiest" integer NOT NULL,
	"busiest_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outlet_status" ADD CONSTRAINT "outlet_status_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;