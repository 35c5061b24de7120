/** Home dashboard (SPEC WEB-1): what leads each front page now, the most-covered stories, the latest headline changes. */
import { Link } from "@/app/_components/link";
import { readHomePage, type HomePage as HomeData } from "@/db/queries/site/home-page";
import { loadPolicies } from "@/db/policies-in-force";
import { UNAVAILABLE_META } from "@/lib/front-door/page-cache/unavailable-marker";
import { readSiteData } from "@/app/_lib/pages/data";
import { formatNumber } from "@/lib/pages/format";
import { formatAgo, formatMoment } from "@/lib/pages/period";
import { siteSections } from "@/lib/pages/sections";
import { dayLeadsHref } from "@/lib/pages/history-links";
import { PageHeader } from "../_components/page-header";
import { siteClock } from "@/db/server";
import { storyTerms, storyTitle } from "./historias/story-title";
import { EmptyGroupNotice, GroupFilterForm } from "../_components/group-filter";
import { loadGroupCounts, loadGroupFilter, type GroupCount, type GroupMembers } from "@/db/queries/site/outlet-groups";
import { sharedReads } from "@/db/queries/site/shared-reads";
import { parseGroupParam } from "@/lib/outlet-groups";
import type { PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

function When({ ms, now }: { ms: number; now: number }) {
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatMoment(ms)}>
      {formatAgo(ms, now)}
    </time>
  );
}

/** A lead already there at our first capture: it has led at least that long, maybe longer. */
function LeadingSinceFirstCapture({ ms, now }: { ms: number; now: number }) {
  const ago = formatAgo(ms, now);
  return (
    <time dateTime={new Date(ms).toISOString()} title={`Ya abría su portada en nuestra primera captura, del ${formatMoment(ms)}`}>
      {ago === "ahora" ? "desde nuestra primera captura" : ago.replace(/^hace /, "hace al menos ")}
    </time>
  );
}

/** The rank-1 story of each outlet at its latest capture. */
function Leads({ data, group }: { data: HomeData; group?: GroupMembers }) {
  return (
    <section aria-labelledby="leads">
      <h2 id="leads">Qué abre cada portada ahora</h2>
      <p className="hint">
        La noticia en primera posición de la portada de cada una de las {formatNumber(data.leads.length)} cabeceras seguidas
        {group ? ` del grupo «${group.label}»` : ""}, en su última captura. Horas en hora peninsular.{" "}
        <Link href={dayLeadsHref()} data-testid="day-leads-link">
          Qué abrió cada portada hoy, hora a hora
        </Link>
        .
      </p>
      <div className="table-wrap">
        <table className="data-table" data-testid="leads">
          <thead>
            <tr>
              <th scope="col">Cabecera</th>
              <th scope="col">Abre con</th>
              <th scope="col">Desde</th>
              <th scope="col">Última captura</th>
            </tr>
          </thead>
          <tbody>
            {data.leads.map((row) => (
              <tr key={row.outletSlug}>
                <th scope="row">
                  <Link href={`/cabeceras/${row.outletSlug}`}>{row.outletName}</Link>
                </th>
                {row.lead ? (
                  <>
                    <td className="headline">
                      <Link href={`/noticias/${row.lead.articleId}`}>{row.lead.headline}</Link>
                    </td>
                    <td>
                      {row.lead.sinceFirstCapture ? (
                        <LeadingSinceFirstCapture ms={row.lead.since} now={data.now} />
                      ) : (
                        <When ms={row.lead.since} now={data.now} />
                      )}
                    </td>
                  </>
                ) : (
                  <td colSpan={2} className="muted">
                    {row.positionsWithheld
                      ? "Sin posición, a petición del medio."
                      : row.capturedAt
                        ? "La última captura no encontró noticias."
                        : "Aún no hemos capturado su portada."}
                  </td>
                )}
                <td>{row.capturedAt ? <When ms={row.capturedAt} now={data.now} /> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Stories covered by most outlets in the last 24 hours. */
function Stories({ data }: { data: HomeData }) {
  return (
    <section aria-labelledby="stories">
      <h2 id="stories">Las historias con más cabeceras (últimas 24 horas)</h2>
      {data.stories.length === 0 ? (
        <p data-testid="no-stories">En las últimas 24 horas no hemos agrupado ninguna historia contada por dos o más cabeceras.</p>
      ) : (
        <ol className="ranked" data-testid="stories">
          {data.stories.map((s) => (
            <li key={s.id}>
              <Link href={`/historias/${s.id}`}>{storyTitle(s)}</Link>{" "}
              <span className="muted">
                — {s.label ? `${storyTerms(s)}; ` : ""}
                {formatNumber(s.outlets)} cabeceras, desde <When ms={s.firstSeenAt} now={data.now} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The newest headline changes, old text struck through. */
function Changes({ data }: { data: HomeData }) {
  return (
    <section aria-labelledby="changes">
      <h2 id="changes">Últimos cambios de titular</h2>
      {data.changes.length === 0 ? (
        <p data-testid="no-changes">Todavía no hemos visto ningún titular cambiar.</p>
      ) : (
        <ul className="changes" data-testid="changes">
          {data.changes.map((c) => (
            <li key={`${c.articleId}-${c.at}`}>
              <span className="muted">
                <Link href={`/cabeceras/${c.outletSlug}`}>{c.outletName}</Link>, <When ms={c.at} now={data.now} />:
              </span>{" "}
              <del>{c.before}</del> →{" "}
              <ins>
                <Link href={`/noticias/${c.articleId}`}>{c.after}</Link>
              </ins>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The group filter above the dashboard, and what it says when the group is empty or the value unreadable. */
function GroupFilter({ groups, members, reason }: { groups: readonly GroupCount[]; members?: GroupMembers; reason?: string }) {
  return (
    <>
      {reason ? (
        // The proxy answers this with HTTP 400 (SEC-6); the page still shows every outlet.
        <p className="notice" role="alert" data-testid="bad-query">
          No hemos podido leer el filtro: {reason.charAt(0).toLowerCase() + reason.slice(1)}
        </p>
      ) : null}
      <GroupFilterForm action="/" groups={groups} selected={members?.group} />
      {members !== undefined && members.ids.length === 0 ? <EmptyGroupNotice label={members.label} /> : null}
    </>
  );
}

/** The home page's document: the site's name as its title, the dashboard as its content. */
export async function homePage({ searchParams }: PageRequest<unknown>): Promise<DocumentParts> {
  const now = siteClock().now();
  const asked = parseGroupParam(searchParams.grupo);
  const read = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const reads = sharedReads(db);
    const [members, groups] = await Promise.all([
      loadGroupFilter(db, policies, asked.ok ? asked.group : undefined, reads),
      loadGroupCounts(db, policies, reads),
    ]);
    return { ...(await readHomePage(db, policies, now, members?.ids)), members, groups };
  });
  return {
    body: (
      <>
        <PageHeader title="Un observatorio de los medios españoles" />
        <div className="hero">
          <p className="lead">
            Hemeroscopio registra lo que publican las cabeceras españolas: cuándo aparece cada noticia, con qué titular en cada momento —y
            cómo cambia— y en qué lugar de la portada se coloca. Lo recoge un rastreador que se identifica, obedece el robots.txt de cada
            medio y nunca guarda el texto de los artículos. Lo que medimos se publica aquí, diciendo siempre de qué periodo y de qué
            cabeceras habla cada cifra.
          </p>
          {read.ok ? (
            <p className="figure">
              <span className="figure-number">{formatNumber(read.value.outletCount)}</span>
              <span className="figure-label">
                {read.value.outletCount === 1 ? "cabecera seguida" : "cabeceras seguidas"}
                {read.value.members ? ` en el grupo «${read.value.members.label}»` : ""} ahora mismo.{" "}
                {read.value.outletCount === 0 ? "La lista de medios se está preparando." : <Link href="/cabeceras">Ver la lista</Link>}
              </span>
            </p>
          ) : (
            <p className="figure">
              <meta name={UNAVAILABLE_META} content="1" />
              <span className="figure-label" data-testid="figure-unavailable">
                Servicio no disponible temporalmente: ahora mismo no podemos consultar nuestros datos. Vuelve a cargar la página en unos
                minutos.
              </span>
            </p>
          )}
        </div>
        {read.ok ? (
          <>
            <GroupFilter groups={read.value.groups} members={read.value.members} reason={asked.ok ? undefined : asked.reason} />
            <Leads data={read.value} group={read.value.members} />
            <Stories data={read.value} />
            <Changes data={read.value} />
          </>
        ) : null}

        <h2>Secciones</h2>
        <ul className="cards">
          {siteSections
            .filter((s) => s.href !== "/")
            .map((s) => (
              <li key={s.href}>
                <Link className="card" href={s.href}>
                  <span className="card-title">{s.label}</span>
                  <span className="card-text">{s.summary}</span>
                </Link>
              </li>
            ))}
        </ul>
      </>
    ),
  };
}
