ALTER TYPE "public"."exclusion_scope" ADD VALUE 'pausa-minima';--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "min_pause_seconds" integer;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_min_pause" CHECK ("exclusions"."min_pause_seconds" is null or ("exclusions"."scope"::text = 'pausa-minima' and "exclusions"."min_pause_seconds" between 10 and 600));