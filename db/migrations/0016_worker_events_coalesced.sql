ALTER TABLE "worker_events" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "worker_events" ADD COLUMN "minute" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "worker_events_minute" ON "worker_events" USING btree ("worker_id","level","component","event","minute");