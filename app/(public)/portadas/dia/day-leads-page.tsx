/**
 * A day's leads (SPEC WEB-5): one strip per outlet, hour by hour, showing which article led
 * its front page; a story that led in several outlets has the same colour and letter in
 * every strip, named in a legend; the table below says the same in words (the accessible
 * version). Peninsular calendar day and hours.
 */
import { Link } from "@/app/_components/link";
import { loadPolicies } from "@/db/policies-in-force";
import { LEAD_SAMPLE_OFFSET_MS, loadDayLeads, type DayLeads } from "@/db/queries/front-pages/day-leads";
import { siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { dayLeadsHref, frontPageAtHref } from "@/lib/pages/history-links";
import { parseDayQuery } from "@/lib/pages/history-params";
import { leadRuns, leadStrips, type LeadCell } from "@/lib/pages/lead-strips";
import { dayHours, dayValue, parseDay, shiftDay } from "@/lib/pages/peninsular-time";
import { keptParams, pageOf, parsePageParam } from "@/lib/pages/pagination";
import type { StoryMark } from "@/lib/pages/story-marks";
import { SITE_TIME_ZONE, zoneLabel } from "@/lib/pages/time-zone";
import { StoryBadge } from "../../../_components/history/story-badge";
import { Downloads } from "../../../_components/downloads";
import { PageHeader } from "../../../_components/page-header";
import { Pagination } from "../../../_components/pagination";
import { ServiceUnavailable } from "../../../_components/service-unavailable";
import { storyTitle } from "../../historias/story-title";
import { EmptyGroupNotice, GroupSelect } from "../../../_components/group-filter";
import { loadGroupCounts, loadGroupFilter } from "@/db/queries/site/outlet-groups";
import { sharedReads } from "@/db/queries/site/shared-reads";
import { pageNotFound, type PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

/** Page title. */
const TITLE = "Qué abría cada portada";

/** Outlets per page (`?pagina=`): 10 keep the page under 150 KiB of HTML with a day of 24 hours (docs/benchmarks.md). */
const OUTLETS_PER_PAGE = 10;

/** A day's leads, ten outlets a page; a bad or too large page number is a 404. */
export async function dayLeadsPage({ searchParams: query }: PageRequest<unknown>): Promise<DocumentParts> {
  const page = parsePageParam(query.pagina);
  if (page === undefined) pageNotFound();
  const parsed = parseDayQuery(query);
  const now = siteClock().now();
  const day = (parsed.ok ? parsed.value.day : undefined) ?? dayValue(now);
  const { start, end } = parseDay(day)!;
  const hours = dayHours(start, end);
  const group = parsed.ok ? parsed.value.group : undefined;
  const read = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const reads = sharedReads(db);
    const [members, groups] = await Promise.all([loadGroupFilter(db, policies, group, reads), loadGroupCounts(db, policies, reads)]);
    const leads = await loadDayLeads(
      db,
      policies,
      hours.map((h) => h.at),
      members?.ids,
    );
    return { leads, members, groups };
  });
  if (!read.ok) return { title: TITLE, body: <ServiceUnavailable /> };
  const { leads: data, members, groups } = read.value;
  const samples = hours.map((h) => h.at + LEAD_SAMPLE_OFFSET_MS);
  // Stories are lettered over every outlet of the day, so a story keeps its letter on every page.
  const all = leadStrips(
    data.outlets.map((o) => o.leads),
    (id) => data.articles.get(id)?.storyId ?? null,
    samples,
    now,
  );
  const { rows: outlets, pageCount } = pageOf(data.outlets, page, OUTLETS_PER_PAGE);
  if (page > pageCount) pageNotFound();
  const first = (page - 1) * OUTLETS_PER_PAGE;
  const cells = all.cells.slice(first, first + OUTLETS_PER_PAGE);
  const used = new Set(cells.flat().flatMap((c) => (c.kind === "story" ? [c.mark.storyId] : [])));
  const marks = new Map([...all.marks].filter(([id]) => used.has(id)));
  const shownData = { ...data, outlets };
  const pager = (
    <Pagination
      path="/portadas/dia"
      page={page}
      pageCount={pageCount}
      keep={keptParams(query)}
      labels={["← Cabeceras anteriores", "Cabeceras siguientes →"]}
    />
  );
  const today = dayValue(now);
  return {
    title: TITLE,
    body: (
      <>
        <PageHeader
          title="Qué abría cada portada"
          lead={
            <>
              Hora a hora, la noticia que ocupaba el primer puesto de cada portada a la media de cada hora, según nuestra última captura
              correcta hasta entonces. Una misma historia lleva el mismo color y la misma letra en todas las cabeceras.{" "}
              <span data-testid="time-zone">Día y horas en {zoneLabel(SITE_TIME_ZONE)}</span>.
            </>
          }
        />
        {parsed.ok ? null : (
          <p className="notice" role="alert" data-testid="bad-query">
            No hemos podido leer la fecha pedida: {parsed.reason} Se muestra el día de hoy.
          </p>
        )}
        <form className="minute-form" method="get" action="/portadas/dia">
          <label>
            Día (hora peninsular) <input type="date" name="fecha" defaultValue={day} required />
          </label>
          <GroupSelect groups={groups} selected={group} />
          <button type="submit">Ver</button>
        </form>
        <nav aria-label="Otros días">
          <ul className="minute-nav">
            <li>
              <Link href={dayLeadsHref(shiftDay(day, -1), group)} rel="nofollow">
                ← Día anterior
              </Link>
            </li>
            <li>
              {day >= today ? (
                <span className="muted">Día siguiente →</span>
              ) : (
                <Link href={dayLeadsHref(shiftDay(day, 1), group)} rel="nofollow">
                  Día siguiente →
                </Link>
              )}
            </li>
          </ul>
        </nav>
        {members !== undefined && members.ids.length === 0 ? <EmptyGroupNotice label={members.label} /> : null}
        <h2>El {new Intl.DateTimeFormat("es-ES", { timeZone: SITE_TIME_ZONE, dateStyle: "full" }).format(start + 12 * 3_600_000)}</h2>
        <div aria-hidden="true">
          <div
            className="lead-hours"
            style={{ "--hours": String(hours.length), marginLeft: 0 } as React.CSSProperties}
            data-testid="lead-hours"
          >
            {/* One label every three hours, spanning its three columns, so a phone never breaks "03" digit by digit. */}
            {hours.map((h, i) =>
              i % 3 === 0 ? (
                <span key={h.at} style={{ gridColumn: `${i + 1} / span ${Math.min(3, hours.length - i)}` }}>
                  {h.label.slice(0, 2)}
                </span>
              ) : null,
            )}
          </div>
          <ul className="lead-strips" data-testid="lead-strips">
            {outlets.map((o, row) => (
              <li key={o.slug} data-outlet={o.slug}>
                <span className="lead-outlet">{o.name}</span>
                <div className="lead-strip" style={{ "--hours": String(hours.length) } as React.CSSProperties}>
                  {cells[row]!.map((cell, i) => (
                    <Cell
                      key={hours[i]!.at}
                      cell={cell}
                      hour={hours[i]!.label}
                      data={data}
                      continues={sameLead(cells[row]![i - 1], cell)}
                    />
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </div>
        {pager}
        <Legend marks={marks} names={data.storyNames} />
        <LeadsTable data={shownData} hours={hours} marks={marks} samples={samples} now={now} group={group} />
        {pager}
      </>
    ),
  };
}

/** Whether `cell` shows the same lead as the hour before it. */
function sameLead(before: LeadCell | undefined, cell: LeadCell): boolean {
  return before !== undefined && "articleId" in before && "articleId" in cell && before.articleId === cell.articleId;
}

/**
 * One hour of a strip. The headline is in the title of the hour a lead begins; the hours it goes on
 * say so without repeating it (the strip is a picture of the table below, which names every lead).
 */
function Cell({ cell, hour, data, continues }: { cell: LeadCell; hour: string; data: DayLeads; continues: boolean }) {
  if (cell.kind === "future") return <span className="lead-future" title={`${hour}: todavía no`} />;
  if (cell.kind === "none") return <span title={`${hour}: sin captura reciente`} />;
  const headline = continues ? "sigue la misma noticia" : (data.articles.get(cell.articleId)?.headline ?? "");
  if (cell.kind === "own") return <span className="lead-own" title={`${hour}: ${headline}`} />;
  // The letter is drawn, so colour is never the only cue (WCAG 1.4.1).
  return (
    <span
      className="lead-mark"
      style={{ background: cell.mark.colour }}
      title={`${hour} (historia ${cell.mark.letter}): ${headline}`}
      data-story={cell.mark.storyId}
    >
      {cell.mark.letter}
    </span>
  );
}

function Legend({ marks, names }: { marks: Map<number, StoryMark>; names: Map<number, string[]> }) {
  return (
    <section aria-labelledby="leyenda">
      <h2 id="leyenda">Leyenda</h2>
      <ul className="legend" data-testid="story-legend">
        {[...marks.values()].map((m) => (
          <li key={m.storyId}>
            <StoryBadge mark={m} />{" "}
            <Link href={`/historias/${m.storyId}`}>{storyTitle({ id: m.storyId, keyTerms: names.get(m.storyId) ?? [] })}</Link>
          </li>
        ))}
        <li>
          <span className="swatch lead-own" aria-hidden="true" /> Una noticia que solo esa cabecera llevó en primer puesto ese día
        </li>
        <li>
          <span className="swatch lead-empty" aria-hidden="true" /> Sin captura correcta en las 2 horas anteriores
        </li>
      </ul>
      {marks.size === 0 ? <p className="hint">Ese día ninguna historia abrió más de una portada.</p> : null}
    </section>
  );
}

function LeadsTable({
  data,
  hours,
  marks,
  samples,
  now,
  group,
}: {
  group?: string;
  data: DayLeads;
  hours: { at: number; label: string }[];
  marks: Map<number, StoryMark>;
  samples: number[];
  now: number;
}) {
  const shown = data.outlets.filter((o) => !o.positionsWithheld);
  return (
    <section aria-labelledby="tabla">
      <h2 id="tabla">Las mismas aperturas, en una tabla</h2>
      <Downloads
        dataset="rank-spans"
        filters={{ from: hours[0]!.at, to: hours[hours.length - 1]!.at + 3_600_000, ...(group ? { group } : {}) }}
        what="los puestos de portada de todas las cabeceras ese día, con desde y hasta"
      />
      <div className="table-wrap">
        <table className="data-table" data-testid="leads-table">
          <thead>
            <tr>
              <th scope="col">Cabecera</th>
              <th scope="col">Horas</th>
              <th scope="col">Noticia en primer puesto</th>
              <th scope="col">Historia</th>
            </tr>
          </thead>
          <tbody>
            {shown.flatMap((o) => {
              const runs = leadRuns(o.leads.map((id, i) => (samples[i]! > now ? null : id)));
              if (runs.length === 0)
                return [
                  <tr key={o.slug}>
                    <th scope="row">{o.name}</th>
                    <td colSpan={3}>Sin capturas correctas ese día.</td>
                  </tr>,
                ];
              return runs.map((r) => {
                const article = data.articles.get(r.articleId);
                const mark = article?.storyId == null ? undefined : marks.get(article.storyId);
                return (
                  <tr key={`${o.slug}-${r.from}`}>
                    <th scope="row">
                      <Link href={frontPageAtHref(o.slug, samples[r.from])}>{o.name}</Link>
                    </th>
                    <td>
                      {hours[r.from]!.label}–{hours[r.to]!.label.slice(0, 2)}:59
                    </td>
                    <td>
                      <Link href={`/noticias/${r.articleId}`}>{article?.headline ?? "(sin titular registrado)"}</Link>
                    </td>
                    <td>
                      {mark ? (
                        <>
                          <StoryBadge mark={mark} /> {storyTitle({ id: mark.storyId, keyTerms: data.storyNames.get(mark.storyId) ?? [] })}
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                );
              });
            })}
          </tbody>
        </table>
      </div>
      {data.outlets.some((o) => o.positionsWithheld) ? (
        <p className="hint">
          No mostramos las posiciones de{" "}
          {data.outlets
            .filter((o) => o.positionsWithheld)
            .map((o) => o.name)
            .join(", ")}
          , a petición del medio.
        </p>
      ) : null}
    </section>
  );
}
