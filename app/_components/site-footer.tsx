/** The site footer: what this is, the transparency pages, and how to reach us. */
import { Link } from "@/app/_components/link";
import { appConfig } from "@/db/server";

/** Contentinfo landmark with contact addresses from the live configuration. */
export function SiteFooter() {
  const config = appConfig();
  return (
    <footer className="site-footer">
      <div className="wrap">
        <section aria-labelledby="pie-proyecto">
          <h2 id="pie-proyecto">Hemeroscopio</h2>
          <p>
            Un observatorio abierto de los medios españoles. Registramos titulares y posiciones; nunca guardamos el texto de los artículos.
          </p>
        </section>
        <section aria-labelledby="pie-transparencia">
          <h2 id="pie-transparencia">Transparencia</h2>
          <ul>
            <li>
              <Link href="/bot">El bot</Link>
            </li>
            <li>
              <Link href="/metodologia">Metodología</Link>
            </li>
            <li>
              <Link href="/privacidad">Privacidad</Link>
            </li>
            <li>
              <Link href="/correcciones">Correcciones</Link>
            </li>
            <li>
              <Link href="/datos">Datos abiertos</Link>
            </li>
            <li>
              <Link href="/robots">Quién bloquea a los bots</Link>
            </li>
            <li>
              <Link href="/alertas">Alertas</Link>
            </li>
            <li>
              <Link href="/quienes-somos">Quiénes somos</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="pie-contacto">
          <h2 id="pie-contacto">Contacto</h2>
          <p>
            <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
          </p>
          <p>
            Sobre el rastreador: <a href={`mailto:${config.bot.email}`}>{config.bot.email}</a>
          </p>
        </section>
      </div>
    </footer>
  );
}
