/**
 * A placement alert read as its feed and its page show it (SPEC WEB-6): the title in words,
 * the feed's address, and its entries, newest first.
 */
import "server-only";
import type { Executor } from "@/db/client";
import { loadLateRewrites, loadPlacementAlert } from "@/db/queries/alerts";
import { formatElapsed } from "@/lib/pages/period";
import { alertFeedPath, alertPagePath, alertTitle, type Alert } from "@/lib/pages/alert-params";
import type { Policies } from "@/lib/policy";
import { sql } from "drizzle-orm";

/** One entry of an alert. */
export interface AlertEntry {
  key: string;
  at: number;
  articleId: number;
  headline: string;
  outletName: string;
  /** What happened, in words: "Puesto 3 en la portada" or "Cambiado 7 h 10 min después de publicarse. Antes: «…»". */
  summary: string;
}

/** An alert ready to show. */
export interface AlertFeed {
  title: string;
  path: string;
  pagePath: string;
  entries: AlertEntry[];
}

/** The alert's entries as of `now`. */
export async function readAlertFeed(db: Executor, policies: Policies, alert: Alert, now: number): Promise<AlertFeed> {
  const names = alert.outlets.length
    ? (
        await db.execute<{ name: string }>(
          sql`select name from outlets where slug = any(${`{${alert.outlets.join(",")}}`}::text[]) order by name`,
        )
      ).map((r) => r.name)
    : [];
  const entries: AlertEntry[] =
    alert.kind === "puestos"
      ? (await loadPlacementAlert(db, policies, { ...alert, now })).map((e) => ({
          key: e.key,
          at: e.at,
          articleId: e.articleId,
          headline: e.headline,
          outletName: e.outletName ?? "",
          summary:
            `Puesto ${e.rank} en la portada de ${e.outletName ?? "la cabecera"}.` +
            (e.headlineMatched ? "" : " Entonces su titular era este; las palabras buscadas están en otra versión."),
        }))
      : (await loadLateRewrites(db, policies, { ...alert, now })).map((e) => ({
          key: e.key,
          at: e.at,
          articleId: e.articleId,
          headline: e.headline,
          outletName: e.outletName ?? "",
          summary: `${e.outletName ?? "La cabecera"} lo cambió ${formatElapsed(e.hoursAfter * 3_600_000)} después de publicarlo. Antes: «${e.before ?? ""}».`,
        }));
  return { title: alertTitle(alert, names), path: alertFeedPath(alert), pagePath: alertPagePath(alert), entries };
}
