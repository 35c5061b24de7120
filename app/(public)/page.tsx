/** Home page: what Hemeroscopio is, how many outlets it follows, and the way in to each section. */
import Link from "next/link";
import { countActiveOutlets } from "@/db/queries/site-stats";
import { readSiteData, type SiteRead } from "@/lib/site-data";
import { formatNumber } from "@/lib/site-format";
import { siteSections } from "@/lib/site-sections";
import { PageHeader } from "../_components/page-header";

/** The live figure: outlets followed now, or an honest "unavailable". */
function OutletsFigure({ outlets }: { outlets: SiteRead<number> }) {
  if (!outlets.ok) {
    return (
      <p className="figure">
        <span className="figure-label" data-testid="figure-unavailable">
          Servicio no disponible temporalmente: ahora mismo no podemos consultar cuántas cabeceras seguimos.
        </span>
      </p>
    );
  }
  const n = outlets.value;
  return (
    <p className="figure">
      <span className="figure-number">{formatNumber(n)}</span>
      <span className="figure-label">
        {n === 1 ? "cabecera seguida" : "cabeceras seguidas"} ahora mismo.{" "}
        {n === 0 ? "La lista de medios se está preparando." : <Link href="/cabeceras" prefetch={false}>Ver la lista</Link>}
      </span>
    </p>
  );
}

/** The home dashboard (SPEC WEB-1); for now its explanation, one live figure and the sections. */
export default async function HomePage() {
  const outlets = await readSiteData(countActiveOutlets);
  return (
    <>
      <PageHeader title="Un observatorio de los medios españoles" />
      <div className="hero">
        <p className="lead">
          Hemeroscopio registra lo que publican las cabeceras españolas: cuándo aparece cada noticia, con qué titular en
          cada momento —y cómo cambia— y en qué lugar de la portada se coloca. Lo recoge un rastreador que se identifica,
          obedece el robots.txt de cada medio y nunca guarda el texto de los artículos. Lo que medimos se publica aquí,
          diciendo siempre de qué periodo y de qué cabeceras habla cada cifra.
        </p>
        <OutletsFigure outlets={outlets} />
      </div>

      <h2>Secciones</h2>
      <ul className="cards">
        {siteSections.filter((s) => s.href !== "/").map((s) => (
          <li key={s.href}>
            <Link className="card" href={s.href} prefetch={false}>
              <span className="card-title">
                {s.label}
                {s.status === "building" ? <span className="badge">En construcción</span> : null}
              </span>
              <span className="card-text">{s.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
