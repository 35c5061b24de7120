/** "Estado": how collection is going, outlet by outlet (SPEC WEB-1, BLK-2, BLK-7, DER-8, EXT-6), and proof of our pace. */
import { Link } from "@/app/_components/link";
import { appConfig, siteClock } from "@/db/server";
import { loadPolicies } from "@/db/policies-in-force";
import { FAILURE_THRESHOLD } from "@/lib/collection/health";
import { FLOOR_LINKS, MEDIAN_CAPTURES, MEDIAN_SHARE } from "@/lib/collection/extraction-floor";
import {
  readStatusPage,
  type LagDistribution,
  type OutletStatus,
  type SiteVolume,
  type StatusPage as StatusData,
} from "@/db/queries/site/status-page";
import { readSiteData } from "@/app/_lib/pages/data";
import { countRenderModes, type RenderModeCounts } from "@/db/queries/site/render-modes";
import { RenderModes } from "../../_components/render-modes";
import { enoughData, tooLittleData } from "@/lib/pages/enough-data";
import { formatNumber } from "@/lib/pages/format";
import { LAST_FAILURE_LABEL, LAST_SUCCESS_LABEL, robotsAccessLabel, SOURCE_KIND_LABEL } from "@/lib/pages/collection-status";
import { Moment } from "../../_components/moment";
import { SourceState } from "../../_components/source-state";
import { PageHeader } from "../../_components/page-header";
import { ServiceUnavailable } from "../../_components/service-unavailable";
import { SortableTh } from "../../_components/sortable-th";
import { parseSort, sortRows, type SortState, type TableSort } from "@/lib/pages/table-sort";
import { keptParams, pageOf, parsePageParam } from "@/lib/pages/pagination";
import { Pagination } from "../../_components/pagination";
import { pageNotFound, type PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

/** Page title. */
const TITLE = "Estado";

const percent = (share: number) => `${formatNumber(Math.round(share * 1000) / 10)} %`;
const minutes = (m: number) => (m < 90 ? `${formatNumber(Math.round(m))} min` : `${formatNumber(Math.round(m / 6) / 10)} h`);
const kindLabel = SOURCE_KIND_LABEL;

type Query = Record<string, string | string[] | undefined>;

/**
 * Outlets per page (`?pagina=`, SPEC WEB-2): the outlets' table, their sources and their lag are
 * one block per outlet, so 20 of them keep the page under 150 KiB of HTML (docs/benchmarks.md).
 */
const OUTLETS_PER_PAGE = 20;

/** The outlets of this page, in the outlets' table's order, and how many pages they fill. */
type OutletsPage = { rows: OutletStatus[]; page: number; pageCount: number; first: number };

/** WEB-2: the three tables sort by their column headers, without JavaScript. */
const outletSort: TableSort<OutletStatus> = {
  param: "cabeceras",
  keys: {
    nombre: (o) => o.name,
    capturas: (o) => o.captures,
    "fallos-captura": (o) => (o.captures > 0 ? o.captureFailureShare : undefined),
    enlaces: (o) => o.medianLinks,
    "extraccion-fallida": (o) => o.lastExtractionFailureAt,
    lecturas: (o) => o.reads,
    "fallos-lectura": (o) => (o.reads > 0 ? o.readFailureShare : undefined),
  },
  fallback: { column: "nombre", descending: false },
};
const lagSort: TableSort<LagDistribution> = {
  param: "retraso",
  keys: {
    nombre: (l) => l.outletName,
    via: (l) => l.kind,
    articulos: (l) => l.articles,
    mediana: (l) => (enoughData("lagPercentiles", l.articles) ? (l.p50 ?? undefined) : undefined),
    p90: (l) => (enoughData("lagPercentiles", l.articles) ? (l.p90 ?? undefined) : undefined),
  },
  fallback: { column: "nombre", descending: false },
};
const volumeSort: TableSort<SiteVolume> = {
  param: "ritmo",
  keys: { sitio: (v) => v.site, peticiones: (v) => v.requests, "hora-activa": (v) => v.busiestHour },
  fallback: { column: "peticiones", descending: true },
};

/** The short state of an outlet, worst first. */
function OutletState({ o }: { o: OutletStatus }) {
  const front = o.sources.find((s) => s.kind === "frontpage");
  const notes: React.ReactNode[] = [];
  if (o.positionsWithheld)
    notes.push(
      <span key="w" className="badge">
        Sin posición, a petición del medio
      </span>,
    );
  else if (o.noPosition)
    notes.push(
      <span key="p" className="badge">
        Sin posición
      </span>,
    );
  if (o.noBody)
    notes.push(
      <span key="b" className="badge">
        Sin cuerpo
      </span>,
    );
  // EXT-6: a source whose answered polls yield too little to be believed right now.
  for (const s of o.sources.filter((x) => x.extractionFailedSince !== undefined)) {
    notes.push(
      <span key={`x ${s.kind} ${s.url}`}>
        {kindLabel[s.kind]}: extracción fallida desde <Moment at={s.extractionFailedSince ?? null} />.
      </span>,
    );
  }
  if (front?.closedSince !== undefined) {
    notes.push(
      <span key="c">
        Portada cerrada para nosotros desde el <Moment at={front.closedSince ?? null} />;{" "}
        {o.probes === 0
          ? "sin comprobaciones en los últimos 7 días"
          : `respondió a ${formatNumber(o.probesAnswered)} de ${formatNumber(o.probes)} comprobaciones horarias`}
        .
      </span>,
    );
  }
  if (notes.length === 0) notes.push(<span key="ok">Normal</span>);
  return (
    <>
      {notes.map((n, i) => (
        <span key={i}>
          {i > 0 ? " " : ""}
          {n}
        </span>
      ))}
    </>
  );
}

function Outlets({ data, modes, query, shown }: { data: StatusData; modes: RenderModeCounts; query: Query; shown: OutletsPage }) {
  const state = parseSort(outletSort, query[outletSort.param]);
  const th = (label: string, column: string, numeric = true) => (
    <SortableTh label={label} column={column} param={outletSort.param} state={state} query={query} numeric={numeric} />
  );
  return (
    <section aria-labelledby="outlets">
      <h2 id="outlets">Cabecera a cabecera</h2>
      <p className="hint">
        Últimos 7 días: del <Moment at={data.since ?? null} /> al <Moment at={data.now ?? null} /> (hora peninsular),{" "}
        {formatNumber(data.outlets.length)} cabeceras
        {shown.pageCount > 1 ? `; en esta página, de la ${shown.first + 1}.ª a la ${shown.first + shown.rows.length}.ª` : ""}. Si fallan más
        del {percent(FAILURE_THRESHOLD)} de las capturas de portada, la cabecera figura «sin posición»; si fallan más de ese porcentaje de
        las lecturas de artículos, «sin cuerpo». «Mediana de enlaces» es el número mediano de enlaces a noticias por captura correcta en el
        periodo. Una captura que responde pero trae menos del {percent(MEDIAN_SHARE)} de los habituales en la cabecera (la mediana de sus{" "}
        {formatNumber(MEDIAN_CAPTURES)} últimas capturas), o menos de {formatNumber(FLOOR_LINKS)}, cuenta como{" "}
        <strong>extracción fallida</strong>: casi siempre es que la página cambió de diseño, no que la portada se vaciara. No cierra ninguna
        posición y cuenta entre las capturas fallidas; lo mismo un feed o un sitemap que de pronto responde sin ninguna entrada.
      </p>
      <p>
        <RenderModes counts={modes} />
      </p>
      <div className="table-wrap">
        <table data-testid="outlet-status">
          <thead>
            <tr>
              {th("Cabecera", "nombre", false)}
              {th("Capturas de portada", "capturas")}
              {th("Capturas fallidas", "fallos-captura")}
              {th("Mediana de enlaces", "enlaces")}
              {th("Última extracción fallida", "extraccion-fallida")}
              {th("Lecturas de artículos", "lecturas")}
              {th("Lecturas fallidas", "fallos-lectura")}
              <th scope="col">Estado</th>
              <th scope="col">robots.txt</th>
              <th scope="col">Reserva de minería (TDM)</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((o) => (
              <tr key={o.slug} data-slug={o.slug}>
                <th scope="row">
                  <Link href={`/cabeceras/${o.slug}`}>{o.name}</Link>
                </th>
                <td data-testid="captures">{formatNumber(o.captures)}</td>
                <td data-testid="captures-failed">{o.captures > 0 ? percent(o.captureFailureShare) : "—"}</td>
                <td data-testid="median-links">{o.medianLinks !== undefined ? formatNumber(Math.round(o.medianLinks)) : "—"}</td>
                <td data-testid="last-extraction-failure">
                  {o.lastExtractionFailureAt !== undefined ? <Moment at={o.lastExtractionFailureAt} /> : "ninguna"}
                </td>
                <td data-testid="reads">{formatNumber(o.reads)}</td>
                <td data-testid="reads-failed">{o.reads > 0 ? percent(o.readFailureShare) : "—"}</td>
                <td>
                  <OutletState o={o} />
                </td>
                <td data-testid="robots">
                  {robotsAccessLabel(o.robotsAccess)}
                  {o.robotsFetchedAt !== undefined ? (
                    <>
                      {" "}
                      (comprobado el <Moment at={o.robotsFetchedAt} />)
                    </>
                  ) : null}
                </td>
                <td>{o.tdmReserved ? "Reservada: no leemos el cuerpo de sus artículos" : "No vista"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        path="/estado"
        page={shown.page}
        pageCount={shown.pageCount}
        keep={keptParams(query)}
        labels={["← Cabeceras anteriores", "Cabeceras siguientes →"]}
      />
      <h3>Fuentes de cada cabecera</h3>
      {shown.rows.map((o) => (
        <details key={o.slug}>
          <summary>
            {o.name}: {formatNumber(o.sources.length)} fuentes
          </summary>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Tipo</th>
                  <th scope="col">Dirección</th>
                  <th scope="col">{LAST_SUCCESS_LABEL}</th>
                  <th scope="col">{LAST_FAILURE_LABEL}</th>
                  <th scope="col">Estado</th>
                </tr>
              </thead>
              <tbody>
                {o.sources.map((s) => (
                  <tr key={`${s.kind} ${s.url}`}>
                    <td>{kindLabel[s.kind]}</td>
                    <td className="url">{s.url}</td>
                    <td>
                      <Moment at={s.lastSuccessAt ?? null} unknown="nunca" />
                    </td>
                    <td>
                      <Moment at={s.lastFailureAt ?? null} unknown="ninguno" />
                    </td>
                    <td>
                      <SourceState s={s} now={data.now} inARow={s.extractionFailures} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </section>
  );
}

function Lag({ data, query, shown }: { data: StatusData; query: Query; shown: OutletsPage }) {
  const state = parseSort(lagSort, query[lagSort.param]);
  const slugs = new Set(shown.rows.map((o) => o.slug));
  const lag = data.lag.filter((l) => slugs.has(l.outletSlug));
  const th = (label: string, column: string, numeric = true) => (
    <SortableTh label={label} column={column} param={lagSort.param} state={state} query={query} numeric={numeric} />
  );
  return (
    <section aria-labelledby="lag">
      <h2 id="lag">Nuestro retraso</h2>
      <p className="hint">
        Tiempo entre la hora de publicación que declara el medio y la primera vez que vimos la noticia en cada vía, para los artículos
        vistos por primera vez en los últimos 7 días y publicados después de que empezáramos a leer la cabecera (
        <Link href="/metodologia#pocos-datos">por qué</Link>
        ). Mediana y percentil 90.{shown.pageCount > 1 ? " Las cabeceras de esta página." : ""}
      </p>
      {lag.length === 0 ? (
        <p>Aún no hay artículos con hora de publicación declarada en este periodo.</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="lag">
            <thead>
              <tr>
                {th("Cabecera", "nombre", false)}
                {th("Vía", "via", false)}
                {th("Artículos", "articulos")}
                {th("Mediana", "mediana")}
                {th("Percentil 90", "p90")}
              </tr>
            </thead>
            <tbody>
              {sortRows(lag, lagSort, state).map((l) => (
                <tr key={`${l.outletSlug} ${l.kind}`}>
                  <th scope="row">{l.outletName}</th>
                  <td>{kindLabel[l.kind]}</td>
                  <td>{formatNumber(l.articles)}</td>
                  {enoughData("lagPercentiles", l.articles) && l.p50 !== null && l.p90 !== null ? (
                    <>
                      <td>{minutes(l.p50)}</td>
                      <td>{minutes(l.p90)}</td>
                    </>
                  ) : (
                    <td colSpan={2} className="muted">
                      {tooLittleData("lagPercentiles", l.articles)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Volume({ data, minGapMs, query }: { data: StatusData; minGapMs: number; query: Query }) {
  const state: SortState = parseSort(volumeSort, query[volumeSort.param]);
  const th = (label: string, column: string, numeric = true) => (
    <SortableTh label={label} column={column} param={volumeSort.param} state={state} query={query} numeric={numeric} />
  );
  const bound = Math.floor(3_600_000 / minGapMs);
  return (
    <section aria-labelledby="volume">
      <h2 id="volume">Nuestro ritmo</h2>
      <p className="hint">
        Peticiones que hicimos a cada sitio en las últimas 24 horas y en su hora más activa. Nunca hacemos dos a la vez a un mismo sitio y
        dejamos al menos {formatNumber(minGapMs / 1000)} segundos entre una y la siguiente, así que en una hora no pueden pasar de{" "}
        {formatNumber(bound)}.
      </p>
      {data.volume.length === 0 ? (
        <p>Ninguna petición en las últimas 24 horas.</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="volume">
            <thead>
              <tr>
                {th("Sitio", "sitio", false)}
                {th("Peticiones en 24 h", "peticiones")}
                {th("En la hora más activa", "hora-activa")}
                <th scope="col">Límite por hora</th>
              </tr>
            </thead>
            <tbody>
              {sortRows(data.volume, volumeSort, state).map((v) => (
                <tr key={v.site}>
                  <th scope="row">{v.site}</th>
                  <td>{formatNumber(v.requests)}</td>
                  <td>
                    {formatNumber(v.busiestHour)}
                    {v.busiestHourStart !== undefined ? (
                      <>
                        {" "}
                        (<Moment at={v.busiestHourStart ?? null} />)
                      </>
                    ) : null}
                  </td>
                  <td>{formatNumber(bound)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The collection's state, outlet by outlet, sorted by `?orden=`; a bad or too large page number is a 404. */
export async function statusPage({ searchParams: query }: PageRequest<unknown>): Promise<DocumentParts> {
  const page = parsePageParam(query.pagina);
  if (page === undefined) pageNotFound();
  const now = siteClock().now();
  const read = await readSiteData(async (db) => ({
    status: await readStatusPage(db, await loadPolicies(db), now),
    modes: await countRenderModes(db),
  }));
  if (!read.ok) return { title: TITLE, body: <ServiceUnavailable /> };
  const sorted = sortRows(read.value.status.outlets, outletSort, parseSort(outletSort, query[outletSort.param]));
  const { rows, pageCount } = pageOf(sorted, page, OUTLETS_PER_PAGE);
  if (page > pageCount) pageNotFound();
  const shown: OutletsPage = { rows, page, pageCount, first: (page - 1) * OUTLETS_PER_PAGE };
  return {
    title: TITLE,
    body: (
      <>
        <PageHeader
          title="Estado"
          lead="Cómo está funcionando la recogida de datos: lo que pudimos leer, lo que no y por qué, y a qué ritmo pedimos las páginas."
        />
        <Outlets data={read.value.status} modes={read.value.modes} query={query} shown={shown} />
        <Lag data={read.value.status} query={query} shown={shown} />
        <Volume data={read.value.status} minGapMs={appConfig().politeness.pacingMinMs} query={query} />
      </>
    ),
  };
}
