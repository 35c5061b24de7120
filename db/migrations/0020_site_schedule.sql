-- SCH-4: a claim walked every site (a loose index scan over sources.site_domain) and ranked
-- every due unread article on each call, so its cost grew with the sites and articles held,
-- not with the work due. Each site now has a wake time (site_schedule): a claim reads the
-- sites whose time has come on an index and raises the time of those it finds nothing to take
-- on. Triggers set it back to -infinity whenever a write may make a site's work claimable
-- sooner, whichever code path writes (workers, the admin, imports, reclaimed leases).
CREATE TABLE "site_schedule" (
	"domain" text PRIMARY KEY NOT NULL,
	"wake_at" timestamp with time zone NOT NULL,
	"bumps" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_schedule_wake" ON "site_schedule" USING btree ("wake_at");--> statement-breakpoint
CREATE INDEX "articles_site_read_due" ON "articles" USING btree ("site_domain","read_due_at") WHERE "articles"."read_at" is null and "articles"."read_due_at" is not null;--> statement-breakpoint
CREATE FUNCTION "site_schedule_wake"(text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO site_schedule (domain, wake_at) VALUES ($1, '-infinity')
  ON CONFLICT (domain) DO UPDATE SET wake_at = '-infinity', bumps = site_schedule.bumps + 1
$$;--> statement-breakpoint
CREATE FUNCTION "site_schedule_wake_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM site_schedule_wake(NEW.site_domain);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sources_wake_site_insert" AFTER INSERT ON "sources"
  FOR EACH ROW EXECUTE FUNCTION "site_schedule_wake_new"();--> statement-breakpoint
CREATE TRIGGER "sources_wake_site_update" AFTER UPDATE OF "next_due_at", "paused_until", "lease_until", "active", "proposed", "site_domain", "closed_since" ON "sources"
  FOR EACH ROW WHEN (
    (OLD.lease_until IS NOT NULL AND (NEW.lease_until IS NULL OR NEW.lease_until < OLD.lease_until))
    OR NEW.next_due_at < OLD.next_due_at
    OR (OLD.paused_until IS NOT NULL AND (NEW.paused_until IS NULL OR NEW.paused_until < OLD.paused_until))
    OR (NEW.active AND NOT OLD.active) OR (OLD.proposed AND NOT NEW.proposed)
    OR NEW.site_domain <> OLD.site_domain
    OR (OLD.closed_since IS NOT NULL AND NEW.closed_since IS NULL))
  EXECUTE FUNCTION "site_schedule_wake_new"();--> statement-breakpoint
CREATE TRIGGER "articles_wake_site_insert" AFTER INSERT ON "articles"
  FOR EACH ROW WHEN (NEW.read_at IS NULL AND NEW.read_due_at IS NOT NULL)
  EXECUTE FUNCTION "site_schedule_wake_new"();--> statement-breakpoint
CREATE TRIGGER "articles_wake_site_update" AFTER UPDATE OF "read_due_at", "read_lease_until", "read_at", "site_domain" ON "articles"
  FOR EACH ROW WHEN (
    (OLD.read_lease_until IS NOT NULL AND (NEW.read_lease_until IS NULL OR NEW.read_lease_until < OLD.read_lease_until))
    OR (NEW.read_at IS NULL AND NEW.read_due_at IS NOT NULL
        AND (OLD.read_due_at IS NULL OR NEW.read_due_at < OLD.read_due_at OR OLD.read_at IS NOT NULL OR NEW.site_domain <> OLD.site_domain)))
  EXECUTE FUNCTION "site_schedule_wake_new"();--> statement-breakpoint
CREATE FUNCTION "sites_wake_site"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM site_schedule_wake(NEW.domain);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sites_wake_site" AFTER UPDATE OF "backoff_until", "reads_day", "reads_count" ON "sites"
  FOR EACH ROW WHEN (
    (OLD.backoff_until IS NOT NULL AND (NEW.backoff_until IS NULL OR NEW.backoff_until < OLD.backoff_until))
    OR NEW.reads_day IS DISTINCT FROM OLD.reads_day OR NEW.reads_count < OLD.reads_count)
  EXECUTE FUNCTION "sites_wake_site"();--> statement-breakpoint
CREATE FUNCTION "outlets_wake_sites"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM site_schedule_wake(d) FROM (
    SELECT site_domain FROM sources WHERE outlet_id = NEW.id
    UNION SELECT site_domain FROM articles WHERE outlet_id = NEW.id AND read_at IS NULL AND read_due_at IS NOT NULL) x(d);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outlets_wake_sites" AFTER UPDATE OF "active" ON "outlets"
  FOR EACH ROW WHEN (NEW.active AND NOT OLD.active)
  EXECUTE FUNCTION "outlets_wake_sites"();--> statement-breakpoint
-- An exclusion changed or withdrawn (PUB-7: reads declined) may free reads of any site: all wake (a rare, operator's write).
CREATE FUNCTION "exclusions_wake_sites"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_schedule SET wake_at = '-infinity', bumps = bumps + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "exclusions_wake_sites" AFTER UPDATE OR DELETE ON "exclusions"
  FOR EACH STATEMENT EXECUTE FUNCTION "exclusions_wake_sites"();--> statement-breakpoint
INSERT INTO "site_schedule" ("domain", "wake_at")
  SELECT site_domain, '-infinity'::timestamptz FROM sources
  UNION SELECT site_domain, '-infinity'::timestamptz FROM articles WHERE read_at IS NULL AND read_due_at IS NOT NULL
  ON CONFLICT DO NOTHING;
