/** Outlets and their sources: import (add/update by slug) and export of the outlets file (CFG-1). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { siteOf } from "../lib/registrable-domain";
import type { OutletConfig } from "../lib/outlets-file";
import type { Db } from "./client";
import { outlets, sources } from "./schema";

type SourceKind = (typeof sources.$inferInsert)["kind"];

/** Minutes between legal-notice reads (SPEC SCH-5: monthly). */
const LEGAL_INTERVAL_MINUTES = 30 * 24 * 60;
/** Front pages start at the busy interval; the schedule adapts it (SCH-2). */
const FRONTPAGE_INTERVAL_MINUTES = 15;

/** An outlet to import: the outlets file's shape, its groups optional (none is no group). */
export type OutletImport = Omit<OutletConfig, "groups"> & { groups?: readonly string[] };

/** What an import changed. */
export interface ImportSummary {
  added: number;
  updated: number;
  sources: number;
}

function sourcesOf(o: OutletImport): { kind: SourceKind; url: string; intervalMinutes: number }[] {
  return [
    { kind: "frontpage" as const, url: o.homepage, intervalMinutes: FRONTPAGE_INTERVAL_MINUTES },
    ...o.feeds.map((url) => ({ kind: "feed" as const, url, intervalMinutes: o.feedIntervalMinutes })),
    ...o.sitemaps.map((url) => ({ kind: "sitemap" as const, url, intervalMinutes: o.sitemapIntervalMinutes })),
    ...(o.legalNotice ? [{ kind: "legal" as const, url: o.legalNotice, intervalMinutes: LEGAL_INTERVAL_MINUTES }] : []),
  ];
}

/**
 * Add or update outlets by slug, in one transaction. Sources named by the file are
 * added or re-activated; sources the file no longer names are deactivated, not
 * deleted, so their history stays.
 */
export async function importOutlets(db: Db, list: readonly OutletImport[]): Promise<ImportSummary> {
  return db.transaction(async (tx) => {
    const summary: ImportSummary = { added: 0, updated: 0, sources: 0 };
    for (const o of list) {
      const values = {
        slug: o.slug,
        name: o.name,
        country: o.country,
        language: o.language,
        groups: [...(o.groups ?? [])],
        timezone: o.timezone,
        homepage: o.homepage,
        legalNotice: o.legalNotice ?? null,
        renderMode: o.renderMode,
        active: o.active,
        feedIntervalMinutes: o.feedIntervalMinutes,
        sitemapIntervalMinutes: o.sitemapIntervalMinutes,
      };
      // One statement, so processes importing the same file at once cannot collide.
      const [row] = await tx
        .insert(outlets)
        .values(values)
        .onConflictDoUpdate({ target: outlets.slug, set: { ...values, updatedAt: new Date() } })
        .returning({ id: outlets.id, added: sql<boolean>`xmax = 0` });
      const outletId = row!.id;
      summary[row!.added ? "added" : "updated"]++;

      const wanted = sourcesOf(o);
      for (const s of wanted) {
        await tx
          .insert(sources)
          .values({ outletId, ...s, siteDomain: siteOf(s.url), active: true, proposed: false })
          .onConflictDoUpdate({
            target: [sources.outletId, sources.kind, sources.url],
            set: { intervalMinutes: s.intervalMinutes, siteDomain: siteOf(s.url), active: true, proposed: false },
          });
        summary.sources++;
      }
      const kept = wanted.map((s) => `${s.kind} ${s.url}`);
      const current = await tx
        .select({ id: sources.id, kind: sources.kind, url: sources.url, proposed: sources.proposed })
        .from(sources)
        .where(eq(sources.outletId, outletId));
      const stale = current.filter((s) => !s.proposed && !kept.includes(`${s.kind} ${s.url}`)).map((s) => s.id);
      if (stale.length) {
        await tx.update(sources).set({ active: false }).where(inArray(sources.id, stale));
      }
    }
    return summary;
  });
}

/** All outlets in the outlets-file shape, with their active, accepted sources. */
export async function exportOutlets(db: Db): Promise<OutletConfig[]> {
  const rows = await db.select().from(outlets).orderBy(asc(outlets.slug));
  const srcs = await db
    .select()
    .from(sources)
    .where(and(eq(sources.active, true), eq(sources.proposed, false)))
    .orderBy(asc(sources.id));
  return rows.map((o) => {
    const mine = srcs.filter((s) => s.outletId === o.id);
    return {
      slug: o.slug,
      name: o.name,
      country: o.country,
      language: o.language,
      groups: o.groups,
      timezone: o.timezone,
      homepage: o.homepage,
      feeds: mine.filter((s) => s.kind === "feed").map((s) => s.url),
      sitemaps: mine.filter((s) => s.kind === "sitemap").map((s) => s.url),
      ...(o.legalNotice ? { legalNotice: o.legalNotice } : {}),
      renderMode: o.renderMode,
      active: o.active,
      feedIntervalMinutes: o.feedIntervalMinutes,
      sitemapIntervalMinutes: o.sitemapIntervalMinutes,
    };
  });
}
