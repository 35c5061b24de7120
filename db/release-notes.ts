/**
 * A release's changes to public pages, published in the corrections log (SPEC WEB-1) at the
 * first start of that release: each page line of CHANGELOG.md once, dated with its release.
 * Which lines were published is kept in app_state, so an entry the operator later edits or
 * deletes is not written again at the next start.
 */
import { sql } from "drizzle-orm";
import { pageChangeKey, type Release } from "../lib/changelog";
import type { Db } from "./client";

/** How the corrections log names a page. */
const PAGE_NAMES: Record<string, string> = {
  "/bot": "El bot",
  "/editores": "Editores",
  "/privacidad": "Privacidad",
  "/metodologia": "Metodología",
  "/datos": "Datos abiertos",
  "/quienes-somos": "Quiénes somos",
};

/** Publish the page changes of `releases` not yet published; returns how many were. */
export async function publishReleaseNotes(db: Db, releases: readonly Release[]): Promise<number> {
  let published = 0;
  // Oldest first, so entries of one day keep the changelog's order of releases.
  for (const release of [...releases].reverse()) {
    for (const change of release.pageChanges) {
      const key = `release-note ${pageChangeKey(release, change)}`;
      await db.transaction(async (tx) => {
        const claimed = await tx.execute(sql`
          insert into app_state (key, value) values (${key}, ${JSON.stringify({ version: release.version, path: change.path })}::jsonb)
          on conflict (key) do nothing returning key`);
        if (claimed.length === 0) return;
        await tx.execute(sql`
          insert into corrections (day, title, details)
          values (${release.day}, ${`${PAGE_NAMES[change.path] ?? change.path}: versión ${release.version}`}, ${change.text})`);
        published += 1;
      });
    }
  }
  return published;
}
