CREATE TYPE "public"."render_mode" AS ENUM('static', 'browser');--> statement-breakpoint
CREATE TYPE "public"."source_kind" AS ENUM('feed', 'sitemap', 'frontpage', 'legal');--> statement-breakpoint
CREATE TYPE "public"."seen_in" AS ENUM('feed', 'sitemap', 'frontpage', 'article');--> statement-breakpoint
CREATE TYPE "public"."exclusion_scope" AS ENUM('sin-titulares-literales', 'sin-anotacion-de-modelo', 'sin-posicion', 'total', 'sin-sondeo');--> statement-breakpoint
CREATE TABLE "hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"site_domain" text NOT NULL,
	"robots_status" text,
	"robots_access" text,
	"robots_fetched_at" timestamp with time zone,
	"robots_last_good_at" timestamp with time zone,
	"robots_version_id" integer,
	"robots_etag" text,
	"robots_last_modified" text,
	"tdmrep" jsonb,
	"tdmrep_fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outlets" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT 'ES' NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"timezone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"homepage" text NOT NULL,
	"legal_notice" text,
	"render_mode" "render_mode" DEFAULT 'static' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"feed_interval_minutes" integer DEFAULT 10 NOT NULL,
	"sitemap_interval_minutes" integer DEFAULT 15 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outlets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "probes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_domain" text NOT NULL,
	"outlet_id" integer,
	"url" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" integer,
	"answered" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robots_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"sha256" text NOT NULL,
	"robots_txt" text NOT NULL,
	"first_fetched_at" timestamp with time zone NOT NULL,
	"last_fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"value" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"domain" text PRIMARY KEY NOT NULL,
	"next_allowed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backoff_until" timestamp with time zone,
	"backoff_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"closed_since" timestamp with time zone,
	"closed_reason" text,
	"last_probe_at" timestamp with time zone,
	"stop_probing" boolean DEFAULT false NOT NULL,
	"reads_day" date,
	"reads_count" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"kind" "source_kind" NOT NULL,
	"url" text NOT NULL,
	"site_domain" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"proposed" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"next_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"closed_since" timestamp with time zone,
	"dead" boolean DEFAULT false NOT NULL,
	"unchanged_captures" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"url" text NOT NULL,
	"published_at" timestamp with time zone,
	"modified_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	"first_seen_in" "seen_in" NOT NULL,
	"first_seen_feed_at" timestamp with time zone,
	"first_seen_sitemap_at" timestamp with time zone,
	"first_seen_frontpage_at" timestamp with time zone,
	"section" text,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_free" boolean,
	"tdm_reserved" boolean,
	"site_domain" text NOT NULL,
	"read_due_at" timestamp with time zone,
	"read_lease_owner" text,
	"read_lease_until" timestamp with time zone,
	"read_at" timestamp with time zone,
	"read_outcome" text,
	"agency" text,
	"story_id" bigint
);
--> statement-breakpoint
CREATE TABLE "frontpage_captures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"link_count" integer DEFAULT 0 NOT NULL,
	"render_mode" text NOT NULL,
	"changed" boolean
);
--> statement-breakpoint
CREATE TABLE "headline_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"article_id" bigint NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"seen_in" "seen_in"[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_spans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"article_id" bigint NOT NULL,
	"outlet_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"box_x" real,
	"box_y" real,
	"box_width" real,
	"box_height" real,
	"above_fold" boolean
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"key_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"outlet_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "body_summaries" (
	"article_id" bigint PRIMARY KEY NOT NULL,
	"simhash" bigint NOT NULL,
	"shingle_count" smallint NOT NULL,
	"agency_credit" text,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "framing" (
	"text_hash" text PRIMARY KEY NOT NULL,
	"letter" text NOT NULL,
	"score" real NOT NULL,
	"model_sha256" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "headline_features" (
	"text_hash" text PRIMARY KEY NOT NULL,
	"chars" integer NOT NULL,
	"words" integer NOT NULL,
	"is_question" boolean NOT NULL,
	"is_exclamation" boolean NOT NULL,
	"has_quote" boolean NOT NULL,
	"has_number" boolean NOT NULL,
	"first_or_second_person" boolean NOT NULL,
	"has_colon_or_dash" boolean NOT NULL,
	"capitalised_tokens" integer NOT NULL,
	"clickbait_patterns" text[] NOT NULL,
	"language" text
);
--> statement-breakpoint
CREATE TABLE "story_fingerprints" (
	"article_id" bigint PRIMARY KEY NOT NULL,
	"minhash" integer[] NOT NULL,
	"captured_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "byline_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_name" text NOT NULL,
	"contact" text,
	"received_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date DEFAULT current_date NOT NULL,
	"title" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer,
	"domain" text NOT NULL,
	"scope" "exclusion_scope" NOT NULL,
	"channel" text NOT NULL,
	"contact" text,
	"token" text,
	"received_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"pending_reason" text
);
--> statement-breakpoint
CREATE TABLE "fetch_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"site_domain" text NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"status" integer,
	"bytes" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"worker_id" text
);
--> statement-breakpoint
CREATE TABLE "legal_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"notice_text" text NOT NULL,
	"source" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"author" text NOT NULL,
	"contact" text,
	"reply_text" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "operator" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_site_domain_sites_domain_fk" FOREIGN KEY ("site_domain") REFERENCES "public"."sites"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probes" ADD CONSTRAINT "probes_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots_versions" ADD CONSTRAINT "robots_versions_host_hosts_host_fk" FOREIGN KEY ("host") REFERENCES "public"."hosts"("host") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontpage_captures" ADD CONSTRAINT "frontpage_captures_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_versions" ADD CONSTRAINT "headline_versions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_spans" ADD CONSTRAINT "rank_spans_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_spans" ADD CONSTRAINT "rank_spans_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "body_summaries" ADD CONSTRAINT "body_summaries_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_fingerprints" ADD CONSTRAINT "story_fingerprints_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD CONSTRAINT "legal_notices_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hosts_site" ON "hosts" USING btree ("site_domain");--> statement-breakpoint
CREATE INDEX "probes_site_at" ON "probes" USING btree ("site_domain","at");--> statement-breakpoint
CREATE UNIQUE INDEX "robots_versions_host_hash" ON "robots_versions" USING btree ("host","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "signals_unique" ON "signals" USING btree ("outlet_id","kind","scope","value");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_outlet_kind_url" ON "sources" USING btree ("outlet_id","kind","url");--> statement-breakpoint
CREATE INDEX "sources_due" ON "sources" USING btree ("next_due_at") WHERE "sources"."active" and not "sources"."proposed";--> statement-breakpoint
CREATE INDEX "sources_site" ON "sources" USING btree ("site_domain");--> statement-breakpoint
CREATE INDEX "sources_leased" ON "sources" USING btree ("site_domain","lease_until") WHERE "sources"."lease_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_outlet_url" ON "articles" USING btree ("outlet_id","url");--> statement-breakpoint
CREATE INDEX "articles_outlet_first_seen" ON "articles" USING btree ("outlet_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "articles_story" ON "articles" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "articles_first_seen" ON "articles" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "articles_read_due" ON "articles" USING btree ("read_due_at") WHERE "articles"."read_at" is null and "articles"."read_due_at" is not null;--> statement-breakpoint
CREATE INDEX "articles_read_leased" ON "articles" USING btree ("site_domain","read_lease_until") WHERE "articles"."read_lease_until" is not null;--> statement-breakpoint
CREATE INDEX "frontpage_captures_outlet_at" ON "frontpage_captures" USING btree ("outlet_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "headline_versions_article_hash" ON "headline_versions" USING btree ("article_id","text_hash");--> statement-breakpoint
CREATE INDEX "headline_versions_first_seen" ON "headline_versions" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "headline_versions_search" ON "headline_versions" USING gin (to_tsvector('spanish', "text"));--> statement-breakpoint
CREATE INDEX "rank_spans_article" ON "rank_spans" USING btree ("article_id","from_at");--> statement-breakpoint
CREATE INDEX "rank_spans_outlet_to" ON "rank_spans" USING btree ("outlet_id","to_at");--> statement-breakpoint
CREATE INDEX "stories_last_seen" ON "stories" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "body_summaries_computed" ON "body_summaries" USING btree ("computed_at");--> statement-breakpoint
CREATE INDEX "story_fingerprints_captured" ON "story_fingerprints" USING btree ("captured_at");--> statement-breakpoint
CREATE INDEX "corrections_day" ON "corrections" USING btree ("day");--> statement-breakpoint
CREATE INDEX "exclusions_domain" ON "exclusions" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "fetch_log_site_at" ON "fetch_log" USING btree ("site_domain","at");--> statement-breakpoint
CREATE INDEX "fetch_log_at" ON "fetch_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "legal_notices_outlet" ON "legal_notices" USING btree ("outlet_id","captured_at");