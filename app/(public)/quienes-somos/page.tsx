/** "Quiénes somos": who runs Hemeroscopio, why, and how to reach us. */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
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
        Una herramienta pública para mirar el periodismo desde fuera y con datos: qué noticias da cada cabecera, cuándo, cómo cambia sus
        titulares a lo largo del día y qué lugar les da en su portada. Los datos se recogen de forma automática y continua, y cada cifra que
        publicamos dice de qué periodo y de qué cabeceras habla.
      </p>

      <h2 id="quien">Quién lo hace</h2>
      <p>
        Lo opera una sola persona, sin ánimo de lucro. No vendemos datos, no publicamos anuncios y no trabajamos por encargo de ningún medio
        ni partido. El código es abierto: cualquiera puede revisar cómo recogemos y calculamos lo que se muestra aquí.
      </p>

      <h2 id="como">Cómo trabajamos</h2>
      <ul>
        <li>
          Un rastreador que se identifica siempre con el mismo nombre, obedece el robots.txt de cada medio y va despacio. Todo está en{" "}
          <Link href="/bot">El bot</Link>.
        </li>
        <li>
          Nunca guardamos el texto de los artículos; ver <Link href="/privacidad">Privacidad</Link>.
        </li>
        <li>
          Los medios pueden excluirse en parte o del todo desde <Link href="/editores">Editores</Link> y responder desde{" "}
          <Link href="/replicas">Réplicas</Link>.
        </li>
        <li>
          Nuestros errores y cambios de método se anotan, con fecha, en <Link href="/correcciones">Correcciones</Link>.
        </li>
      </ul>

      <h2 id="reutilizacion">Reutilización de nuestros datos</h2>
      <p>
        Los datos que producimos (horas, posiciones, recuentos, historias y derivados) son abiertos: se publican con licencia Creative
        Commons Reconocimiento 4.0 y puedes descargarlos y reutilizarlos sin pedirnos permiso, citando a Hemeroscopio, desde la API y las
        exportaciones que se explican en <Link href="/datos">Datos abiertos</Link>. Los titulares son de sus medios: cítalos también a
        ellos.
      </p>
      <p>
        Las páginas de este sitio, que muestran titulares literales de las cabeceras, llevan una reserva de minería de textos y datos,
        porque no podemos ceder lo que no es nuestro; la API y las exportaciones no la llevan: ahí están los mismos datos, listos para
        reutilizar. Lo declaramos de forma legible por máquina en <a href="/.well-known/tdmrep.json">/.well-known/tdmrep.json</a>.
      </p>

      <h2 id="contacto">Contacto</h2>
      <ul>
        <li>
          General: <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
        </li>
        <li>
          Medios (exclusiones y réplicas): <a href={`mailto:${config.publishersEmail}`}>{config.publishersEmail}</a>
        </li>
        <li>
          Protección de datos y firmas: <a href={`mailto:${config.privacyEmail}`}>{config.privacyEmail}</a>
        </li>
        <li>
          Cuestiones técnicas sobre el rastreador: <a href={`mailto:${config.bot.email}`}>{config.bot.email}</a>
        </li>
      </ul>
    </div>
  );
}
