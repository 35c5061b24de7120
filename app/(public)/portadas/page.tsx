/**
 * Front pages side by side (SPEC WEB-5): two to four outlets at the same minute, in columns
 * (stacked on phones), the stories found in more than one column marked with the same
 * letter and colour. A plain GET form; peninsular time.
 */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { loadPolicies } from "@/db/policies-in-force";
import { searchableOutlets } from "@/db/queries/site/search";
import { loadSideBySide, SIDE_BY_SIDE_LINKS, type SideBySideColumn } from "@/db/queries/front-pages/side-by-side";
import { siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { dayLeadsHref, frontPageAtHref, sideBySideHref } from "@/lib/pages/history-links";
import { MAX_SIDE_BY_SIDE, MIN_SIDE_BY_SIDE, parseSideBySideQuery } from "@/lib/pages/history-params";
import { dayValue, MINUTE_MS } from "@/lib/pages/peninsular-time";
import { formatMoment } from "@/lib/pages/period";
import type { SearchParams } from "@/lib/pages/search-params";
import { storyMarks, type StoryMark } from "@/lib/pages/story-marks";
import { SITE_TIME_ZONE, zoneLabel } from "@/lib/pages/time-zone";
import { CaptureNotice } from "../../_components/history/capture-notice";
import { MinuteForm } from "../../_components/history/minute-form";
import { MinuteNav } from "../../_components/history/minute-nav";
import { StoryBadge } from "../../_components/history/story-badge";
import { Moment } from "../../_components/moment";
import { Downloads } from "../../_components/downloads";
import { PageHeader } from "../../_components/page-header";
import { ServiceUnavailable } from "../../_components/service-unavailable";
import { storyTitle } from "../historias/story-title";

export const metadata: Metadata = { title: "Portadas lado a lado" };

type Props = { searchParams: Promise<SearchParams> };

export default async function SideBySidePage({ searchParams }: Props) {
  const parsed = parseSideBySideQuery(await searchParams);
  const now = siteClock().now();
  const query = parsed.ok ? parsed.value : { at: undefined, slugs: [] };
  const minute = Math.floor((query.at ?? now) / MINUTE_MS) * MINUTE_MS;
  const read = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const [outlets, view] = await Promise.all([
      searchableOutlets(db, policies),
      query.slugs.length > 0 ? loadSideBySide(db, policies, { slugs: query.slugs, minute, now }) : Promise.resolve(null),
    ]);
    return { outlets, view };
  });
  if (!read.ok) return <ServiceUnavailable />;
  const { outlets, view } = read.value;
  const columns = view?.columns ?? [];
  const marks = storyMarks(columns.map((c) => c.page?.links.map((l) => l.storyId) ?? []));
  return (
    <>
      <PageHeader
        title="Portadas lado a lado"
        lead={
          <>
            De {MIN_SIDE_BY_SIDE} a {MAX_SIDE_BY_SIDE} cabeceras en el mismo minuto, cada una según nuestra última captura correcta hasta
            entonces. La misma historia lleva la misma letra y el mismo color en todas las columnas.{" "}
            <span data-testid="time-zone">Horas en {zoneLabel(SITE_TIME_ZONE)}</span>.
          </>
        }
      />
      <p data-testid="day-leads-link">
        <Link href={dayLeadsHref(dayValue(minute))}>Qué abría cada portada, hora a hora, el día de este minuto</Link> — todas las cabeceras
        en una sola vista.
      </p>
      {parsed.ok ? null : (
        <p className="notice" role="alert" data-testid="bad-query">
          No hemos podido leer la petición: {parsed.reason}
        </p>
      )}
      <MinuteForm action="/portadas" minute={minute} submit="Comparar">
        <fieldset className="outlet-choice">
          <legend>
            Cabeceras (de {MIN_SIDE_BY_SIDE} a {MAX_SIDE_BY_SIDE})
          </legend>
          {outlets.map((o) => (
            <label key={o.slug}>
              <input type="checkbox" name="cabeceras" value={o.slug} defaultChecked={query.slugs.includes(o.slug)} /> {o.name}
            </label>
          ))}
        </fieldset>
      </MinuteForm>
      {view === null ? (
        <p className="hint">Elige las cabeceras y el momento, y pulsa «Comparar».</p>
      ) : (
        <>
          <MinuteNav minute={minute} now={now} href={(at) => sideBySideHref(query.slugs, at)} />
          {view.unknown.length > 0 ? (
            <p className="notice" data-testid="unknown-outlets">
              No seguimos estas cabeceras o no podemos mostrarlas: {view.unknown.join(", ")}.
            </p>
          ) : null}
          <h2 className="visually-hidden">Portadas del {formatMoment(minute, SITE_TIME_ZONE)}</h2>
          <div
            className="side-by-side"
            style={{ "--columns": String(Math.max(columns.length, 1)) } as React.CSSProperties}
            data-testid="side-by-side"
          >
            {columns.map((c) => (
              <Column key={c.outlet.slug} column={c} minute={minute} marks={marks} />
            ))}
          </div>
          <Legend marks={marks} names={view.storyNames} />
          <p className="hint">
            Otras vistas: <Link href={dayLeadsHref(dayValue(minute))}>qué abría cada portada ese día</Link>.
          </p>
        </>
      )}
    </>
  );
}

function Column({ column, minute, marks }: { column: SideBySideColumn; minute: number; marks: Map<number, StoryMark> }) {
  const { outlet, page } = column;
  return (
    <section aria-labelledby={`col-${outlet.slug}`} data-outlet={outlet.slug}>
      <h3 id={`col-${outlet.slug}`}>
        <Link href={frontPageAtHref(outlet.slug, minute)}>{outlet.name}</Link>
      </h3>
      {page === null ? (
        <p className="hint">A petición del medio, no mostramos las posiciones de sus noticias.</p>
      ) : (
        <>
          <CaptureNotice state={page.state} capture={page.capture} />
          {page.capture === null ? null : (
            <p className="hint">
              Captura del <Moment at={page.capture} timeZone={SITE_TIME_ZONE} />; sus {SIDE_BY_SIDE_LINKS} primeras noticias como mucho.
            </p>
          )}
          <ol>
            {page.links.map((l) => {
              const mark = l.storyId === null ? undefined : marks.get(l.storyId);
              return (
                <li key={l.articleId}>
                  {mark ? <StoryBadge mark={mark} /> : null}
                  <Link href={`/noticias/${l.articleId}`}>{l.headline}</Link>
                </li>
              );
            })}
          </ol>
          <Downloads
            dataset="rank-spans"
            filters={{ outlet: outlet.slug, from: minute, to: minute + 60_000 }}
            what="los puestos de esta portada en ese minuto"
          />
        </>
      )}
    </section>
  );
}

function Legend({ marks, names }: { marks: Map<number, StoryMark>; names: Map<number, string[]> }) {
  if (marks.size === 0)
    return (
      <p className="hint" data-testid="story-legend">
        Ninguna historia aparece en más de una de estas portadas.
      </p>
    );
  return (
    <section aria-labelledby="historias-compartidas">
      <h2 id="historias-compartidas">Historias en más de una portada</h2>
      <ul className="legend" data-testid="story-legend">
        {[...marks.values()].map((m) => (
          <li key={m.storyId}>
            <StoryBadge mark={m} />{" "}
            <Link href={`/historias/${m.storyId}`}>{storyTitle({ id: m.storyId, keyTerms: names.get(m.storyId) ?? [] })}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
