/** "Quiénes somos": who runs Hemeroscopio, why, and how to reach us. */
import type { Metadata } from "next";
import Link from "next/link";
import { appConfig } from "@/db/server";
import { PageHeader } from "../../_components/page-header";

/** Page title. */
export const metadata: Metadata = { title: "Quiénes somos" };

/** About page. */
export default function AboutPage() {
  const config = appConfig();
  return (
    <div className="prose">
      <PageHeader
        title="Quiénes somos"
        lead="Hemeroscopio es un observatorio abierto de los medios españoles: mide lo que publican sin guardar lo que escriben."
      />

      <h2 id="que-es">Qué es</h2>
      <p>
        Una herramienta pública para mirar el periodismo desde fuera y con datos: qué noticias da cada cabecera, cuándo,
        cómo cambia sus titulares a lo largo del día y qué lugar les da en su portada. Los datos se recogen de forma
        automática y continua, y cada cifra que publicamos dice de qué periodo y de qué cabeceras habla.
      </p>

      <h2 id="quien">Quién lo hace</h2>
      <p>
        Lo opera una sola persona, sin ánimo de lucro. No vendemos datos, no publicamos anuncios y no trabajamos por
        encargo de ningún medio ni partido. El código es abierto: cualquiera puede revisar cómo recogemos y calculamos
        lo que se muestra aquí.
      </p>

      <h2 id="como">Cómo trabajamos</h2>
      <ul>
        <li>Un rastreador que se identifica siempre con el mismo nombre, obedece el robots.txt de cada medio y va despacio. Todo está en <Link href="/bot" prefetch={false}>El bot</Link>.</li>
        <li>Nunca guardamos el texto de los artículos; ver <Link href="/privacidad" prefetch={false}>Privacidad</Link>.</li>
        <li>Los medios pueden excluirse en parte o del todo desde <Link href="/editores" prefetch={false}>Editores</Link> y responder desde <Link href="/replicas" prefetch={false}>Réplicas</Link>.</li>
        <li>Nuestros errores y cambios de método se anotan, con fecha, en <Link href="/correcciones" prefetch={false}>Correcciones</Link>.</li>
      </ul>

      <h2 id="reutilizacion">Reutilización de estas páginas</h2>
      <p>
        Reservamos los derechos de minería de textos y datos sobre las páginas de este sitio: muestran titulares
        literales de las cabeceras, y no podemos ceder lo que no es nuestro. Lo declaramos de forma legible por máquina en{" "}
        <a href="/.well-known/tdmrep.json">/.well-known/tdmrep.json</a>. Si quieres reutilizar nuestros datos para
        investigar, escríbenos.
      </p>

      <h2 id="contacto">Contacto</h2>
      <ul>
        <li>General, medios y privacidad: <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a></li>
        <li>Cuestiones técnicas sobre el rastreador: <a href={`mailto:${config.bot.email}`}>{config.bot.email}</a></li>
      </ul>
    </div>
  );
}
