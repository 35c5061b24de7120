/**
 * What needs the operator's attention (ADM-3): requests whose deadline is near or past,
 * sources that died, sources whose extraction keeps failing, and the workers' errors and
 * database outages of the last 24 hours. Shown on `/admin/atencion`, counted in the admin's
 * header badge, and served as the operator's Atom feed.
 */
import { sql } from "drizzle-orm";
import { formatMoment } from "../lib/pages/period";
import { isSlowDown } from "../lib/policy";
import { bylineDeadline, confirmationDeadline, deadlineState, mailExclusionDeadline, replyDeadline } from "../lib/deadlines";
import type { Executor } from "./client";
import { fromSqlTime } from "./sql-time";
import { listExtractionsForOperator } from "./admin-extractions";
import { listBylinesForAdmin, listExclusionsForAdmin, listRepliesForAdmin } from "./admin-requests";

/** One thing to look at. */
export interface AttentionItem {
  /** Stable per thing and state (an Atom entry id's tail). */
  key: string;
  /**
   * What the operator is mailed about once (ADM-3 mail): the key, except for worker errors,
   * whose key names an episode (lines with no 24-hour gap between them, so the key stays while
   * an error repeats); their topic is the component and event.
   */
  topic: string;
  kind: "plazo" | "fuente-muerta" | "extraccion" | "error";
  title: string;
  detail: string;
  /** Since when it needs attention (epoch ms). */
  since: number;
  /** The admin page where it is handled. */
  path: string;
}

const DAY_MS = 24 * 3_600_000;
const SOON_MS = 12 * 3_600_000;
/** Worker events that need the operator: every error, and the warnings of a database outage. */
const OUTAGE_EVENTS = ["database.unavailable", "database.slow"];

function deadlineItem(key: string, title: string, deadline: number, now: number): AttentionItem | undefined {
  const state = deadlineState(deadline, now);
  if (state !== "vence-pronto" && state !== "vencido") return undefined;

  return {
    key: `${key}-${state}`,
    topic: `${key}-${state}`,
    kind: "plazo",
    path: "/admin",
    title: `${state === "vencido" ? "Plazo vencido" : "Plazo a punto de vencer"}: ${title}`,
    detail: `Plazo: ${formatMoment(deadline)}.`,
    since: state === "vencido" ? deadline : deadline - SOON_MS,
  };
}

/** Everything that needs attention at `now`, oldest first. */
export async function listAttention(db: Executor, now: number): Promise<AttentionItem[]> {
  const [exclusions, replies, bylines, extractions, dead, errors] = await Promise.all([
    listExclusionsForAdmin(db, 0),
    listRepliesForAdmin(db, 0),
    listBylinesForAdmin(db, 0),
    listExtractionsForOperator(db),
    db.execute<{ id: number; kind: string; url: string; name: string; since: string | null }>(sql`
      select s.id, s.kind, s.url, o.name, coalesce(s.failing_since, s.last_failure_at) as since
      from sources s join outlets o on o.id = s.outlet_id and o.active where s.active and s.dead order by s.id`),
    db.execute<{
      level: string;
      component: string;
      event: string;
      n: number;
      first_at: string;
      last_at: string;
      episode_at: string;
      error: string | null;
    }>(sql`
      with recent as (
        select level, component, event, sum(count)::int as n, min(at) as first_at, max(at) as last_at,
          (array_agg(fields ->> 'error' order by at desc, id desc))[1] as error
        from worker_events where at > ${new Date(now - DAY_MS).toISOString()} and (level = 'error' or event = any(${`{${OUTAGE_EVENTS.join(",")}}`}::text[]))
        group by level, component, event
      ), lines as (
        select level, component, event, at, lag(at) over (partition by level, component, event order by at) as previous_at
        from worker_events where (level, component, event) in (select level, component, event from recent) and at <= ${new Date(now).toISOString()}
      )
      select recent.*, (select max(l.at) from lines l where (l.level, l.component, l.event) = (recent.level, recent.component, recent.event)
          and (l.previous_at is null or l.at - l.previous_at > interval '24 hours')) as episode_at
      from recent`),
  ]);
  const items: (AttentionItem | undefined)[] = [];
  for (const e of exclusions.open) {
    const who = e.outletName ? `${e.outletName} (${e.domain})` : e.domain;
    // PUB-7: a "slow down" request shares the exclusion's deadlines, under its own name.
    const what = isSlowDown(e.scope) ? "la petición de ir más despacio" : "la exclusión";
    items.push(deadlineItem(`exclusion-${e.id}-confirmar`, `confirmar ${what} de ${who}`, confirmationDeadline(e.receivedAt), now));
    if (e.channel === "mail" && !e.appliedAt)
      items.push(
        deadlineItem(`exclusion-${e.id}-aplicar`, `aplicar ${what} por correo de ${who}`, mailExclusionDeadline(e.receivedAt), now),
      );
  }
  for (const r of replies.open)
    items.push(deadlineItem(`reply-${r.id}`, `publicar o rechazar la réplica de ${r.outletName}`, replyDeadline(r.receivedAt), now));
  for (const b of bylines.open)
    items.push(
      deadlineItem(`byline-${b.id}`, `aceptar o rechazar la petición de firma de ${b.authorName}`, bylineDeadline(b.receivedAt), now),
    );
  for (const d of dead) {
    items.push({
      key: `dead-${d.id}`,
      topic: `dead-${d.id}`,
      kind: "fuente-muerta",
      path: "/admin/cabeceras",
      since: fromSqlTime(d.since) ?? now,
      title: `Fuente muerta: ${d.name} (${d.kind})`,
      detail: `${d.url} no responde desde hace tiempo y ya no se consulta.`,
    });
  }
  for (const f of extractions) {
    items.push({
      key: `extraction-${f.sourceId}-${f.since}`,
      topic: `extraction-${f.sourceId}-${f.since}`,
      kind: "extraccion",
      path: "/admin",
      since: f.since,
      title: `Extracción fallida ${f.inARow} veces seguidas: ${f.outletName} (${f.kind})`,
      detail: `${f.url}: la última, ${formatMoment(f.lastAt)}.`,
    });
  }
  for (const e of errors) {
    const outage = e.level === "error" ? undefined : e.event === "database.unavailable" ? "inaccesible" : "lenta";
    items.push({
      key: `worker-${e.component}-${e.event}-${fromSqlTime(e.episode_at ?? e.first_at)}`,
      topic: `worker-${e.component}-${e.event}`,
      kind: "error",
      path: "/admin/errores",
      since: fromSqlTime(e.episode_at ?? e.first_at)!,
      title: outage
        ? `Base de datos ${outage} para el rastreador (${e.n} avisos en 24 h)`
        : `Error del rastreador: ${e.event} (${e.n} en 24 h)`,
      detail: `${e.component}${e.error ? `: ${e.error}` : ""}; el último, ${formatMoment(fromSqlTime(e.last_at)!)}.`,
    });
  }
  return items.filter((i): i is AttentionItem => i !== undefined).sort((a, b) => a.since - b.since || a.key.localeCompare(b.key));
}
