CREATE TABLE "worker_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"worker_id" text,
	"component" text NOT NULL,
	"event" text NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "worker_events_at" ON "worker_events" USING btree ("at");