/**
 * Alerts on placement (SPEC WEB-6): two forms that build a feed address — headlines with some
 * words reaching the top N of chosen front pages, and headlines rewritten hours after
 * publication — and, once filled in, that address and the alert's latest entries. No account:
 * the address is the alert, for any feed reader.
 */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { loadPolicies } from "@/db/policies-in-force";
import { searchableOutlets } from "@/db/queries/site/search";
import { appConfig, siteClock } from "@/db/server";
import { readAlertFeed, type AlertFeed } from "@/app/_lib/pages/alert-feed";
import { readSiteData } from "@/app/_lib/pages/data";
import { LATE_HOURS, parsePlacementAlert, parseRewriteAlert, TOP_PLACES, type Alert } from "@/lib/pages/alert-params";
import type { SearchParams } from "@/lib/pages/search-params";
import { SITE_TIME_ZONE } from "@/lib/pages/time-zone";
import { Moment } from "../../_components/moment";
import { PageHeader } from "../../_components/page-header";
import { ServiceUnavailable } from "../../_components/service-unavailable";

export const metadata: Metadata = { title: "Alertas" };

type Props = { searchParams: Promise<SearchParams> };

/** The alert the query string asks for, if any: undefined for none, a reason when it is wrong. */
function askedAlert(params: SearchParams): Alert | string | undefined {
  if (params.tipo === "puestos") {
    const parsed = parsePlacementAlert(params);
    return parsed.ok ? parsed.value : parsed.reason;
  }
  if (params.tipo === "reescrituras") {
    const parsed = parseRewriteAlert(params);
    return parsed.ok ? parsed.value : parsed.reason;
  }
  return undefined;
}

export default async function AlertsPage({ searchParams }: Props) {
  const params = await searchParams;
  const asked = askedAlert(params);
  const now = siteClock().now();
  const read = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const outlets = await searchableOutlets(db, policies);
    const feed = typeof asked === "object" ? await readAlertFeed(db, policies, asked, now) : undefined;
    return { outlets, feed };
  });
  if (!read.ok) return <ServiceUnavailable />;
  const { outlets, feed } = read.value;
  const chosen = new Set(typeof asked === "object" ? asked.outlets : []);
  return (
    <>
      <PageHeader
        title="Alertas"
        lead="Avisos de lo que pasa en las portadas, como un canal Atom para cualquier lector de feeds. No hace falta cuenta: la dirección del canal es la alerta."
      />
      {typeof asked === "string" ? (
        <p className="notice" role="alert" data-testid="bad-alert">
          No hemos podido crear la alerta: {asked}
        </p>
      ) : null}
      {feed ? <AlertResult feed={feed} siteUrl={appConfig().siteUrl} /> : null}
      <section aria-labelledby="puestos">
        <h2 id="puestos">Cuando una noticia llegue a lo alto de una portada</h2>
        <form method="get" action="/alertas" className="search-form" data-testid="placement-form">
          <input type="hidden" name="tipo" value="puestos" />
          <label>
            Palabras del titular (como en el buscador: «frase exacta», -excluida, o)
            <input
              type="search"
              name="q"
              required
              maxLength={200}
              defaultValue={typeof asked === "object" && asked.kind === "puestos" ? asked.q : ""}
            />
          </label>
          <label>
            Entre los primeros
            <select
              name="puesto"
              defaultValue={String(typeof asked === "object" && asked.kind === "puestos" ? asked.top : TOP_PLACES.default)}
            >
              {Array.from({ length: TOP_PLACES.max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? "abriendo la portada" : `${n} puestos`}
                </option>
              ))}
            </select>
          </label>
          <OutletChoice outlets={outlets} chosen={chosen} />
          <button type="submit">Crear la alerta</button>
        </form>
      </section>
      <section aria-labelledby="reescrituras">
        <h2 id="reescrituras">Cuando un medio cambie un titular horas después de publicarlo</h2>
        <form method="get" action="/alertas" className="search-form" data-testid="rewrite-form">
          <input type="hidden" name="tipo" value="reescrituras" />
          <label>
            Más de tantas horas después
            <input
              type="number"
              name="horas"
              min={LATE_HOURS.min}
              max={LATE_HOURS.max}
              defaultValue={typeof asked === "object" && asked.kind === "reescrituras" ? asked.hours : LATE_HOURS.default}
            />
          </label>
          <OutletChoice outlets={outlets} chosen={chosen} />
          <button type="submit">Crear la alerta</button>
        </form>
      </section>
      <p className="hint">
        Cuentan las noticias de los últimos 14 días. La hora de publicación es la que declara el medio, o la primera vez que vimos la
        noticia si fue antes. Las cabeceras que pidieron que no mostremos sus posiciones o sus titulares literales no entran en las alertas
        que los revelarían. Cómo medimos los puestos: <Link href="/metodologia">metodología</Link>.
      </p>
    </>
  );
}

/** Outlets to watch: ticked boxes arrive as repeated `medio=`, which the feed address turns into `medios=a,b`. */
function OutletChoice({ outlets, chosen }: { outlets: { slug: string; name: string }[]; chosen: ReadonlySet<string> }) {
  return (
    <fieldset className="outlet-choice">
      <legend>Cabeceras (ninguna marcada: todas)</legend>
      {outlets.map((o) => (
        <label key={o.slug} className="check">
          <input type="checkbox" name="medio" value={o.slug} defaultChecked={chosen.has(o.slug)} /> {o.name}
        </label>
      ))}
    </fieldset>
  );
}

function AlertResult({ feed, siteUrl }: { feed: AlertFeed; siteUrl: string }) {
  const address = new URL(feed.path, siteUrl).href;
  return (
    <section aria-labelledby="tu-alerta" data-testid="alert-result">
      <h2 id="tu-alerta">Tu alerta: {feed.title}</h2>
      <p>
        Copia esta dirección en tu lector de feeds:{" "}
        <a href={feed.path} className="url" data-testid="alert-feed">
          {address}
        </a>
      </p>
      {feed.entries.length === 0 ? (
        <p data-testid="alert-empty">Ahora mismo no hay ninguna entrada: el canal avisará cuando ocurra.</p>
      ) : (
        <>
          <p className="hint">Lo último que habría avisado:</p>
          <ol className="log" data-testid="alert-entries">
            {feed.entries.slice(0, 10).map((e) => (
              <li key={e.key}>
                <Moment at={e.at} timeZone={SITE_TIME_ZONE} /> <Link href={`/noticias/${e.articleId}`}>{e.headline}</Link>{" "}
                <span className="muted">{e.summary}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
