CREATE TABLE "outlet_checks" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outlet_checks" ADD CONSTRAINT "outlet_checks_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;