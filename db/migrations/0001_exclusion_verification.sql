CREATE TABLE "form_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"address_hash" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "form_submissions_address" ON "form_submissions" USING btree ("form","address_hash","at");--> statement-breakpoint
CREATE UNIQUE INDEX "exclusions_token" ON "exclusions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "exclusions_pending" ON "exclusions" USING btree ("received_at") WHERE "exclusions"."verified_at" is null and "exclusions"."token" is not null;