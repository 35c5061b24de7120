/** "Privacidad": what we keep about articles, authors and visitors, and what we never keep (SPEC STO-*, PUB-5). */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { appConfig } from "@/db/server";
import { PageHeader } from "../../_components/page-header";
import { FormGuardFields } from "@/app/_components/form-guard-fields";

/** Page title. */
export const metadata: Metadata = { title: "Privacidad" };
// The byline form carries a token signed at render time.
export const dynamic = "force-dynamic";

/** Privacy page: articles, bylines, visitors, rights. */
export default function PrivacyPage() {
  const { privacyEmail } = appConfig();
  const mail = <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>;
  return (
    <div className="prose">
      <PageHeader
        title="Privacidad"
        lead="Qué datos guardamos, cuáles no guardamos nunca y cómo puedes pedir que corrijamos o retiremos lo que te afecta."
      />

      <h2 id="articulos">Sobre los artículos</h2>
      <p>De cada artículo que encontramos guardamos solo datos que lo describen:</p>
      <ul>
        <li>su dirección, la cabecera y su sección declarada;</li>
        <li>la hora de publicación que declara el medio y la primera vez que lo vimos;</li>
        <li>
          cada versión distinta de su titular, con cuándo la vimos por primera y última vez y dónde (feed, sitemap, portada o página del
          artículo);
        </li>
        <li>su posición en la portada a lo largo del tiempo;</li>
        <li>los nombres de quienes lo firman, tal como el medio los publica;</li>
        <li>
          algunos derivados numéricos: rasgos del titular, una huella para agrupar noticias que se borra a las 72 horas, un resumen numérico
          del cuerpo abierto para detectar teletipos y la letra y puntuación de encuadre del titular.
        </li>
      </ul>
      <p>
        <strong>No guardamos nunca</strong>, en ningún soporte (tablas, ficheros, registros ni copias de seguridad): el cuerpo de los
        artículos, sus entradillas, el HTML de las páginas, capturas de pantalla, imágenes ni logotipos. El texto que leemos se procesa en
        memoria y se descarta en la misma pasada. Los detalles técnicos están en <Link href="/bot">El bot</Link>.
      </p>

      <h2 id="firmas">Si eres autor o autora de un artículo</h2>
      <p>
        Tu nombre aparece en nuestros datos porque el medio lo publica como firma. Puedes pedir que no lo mostremos junto a un titular
        citado: a partir de entonces el titular se cita «sin firma a petición del autor». No hace falta dar explicaciones.
      </p>
      <form className="search-form" method="post" action="/privacidad/firma" data-testid="byline-form">
        <label>
          Tu nombre, tal como aparece en la firma
          <input type="text" name="nombre" required maxLength={200} autoComplete="name" />
        </label>
        <label>
          Correo de contacto
          <input type="email" name="contacto" required maxLength={320} autoComplete="email" />
        </label>
        <FormGuardFields form="byline" />
        <button type="submit">Pedir que no mostremos mi firma</button>
      </form>
      <p className="hint">Revisamos cada petición y te escribimos al correo que nos des. También puedes pedirlo escribiendo a {mail}.</p>

      <h2 id="visitantes">Sobre quienes visitan esta web</h2>
      <ul>
        <li>No usamos cookies de seguimiento ni de publicidad. Las páginas públicas no instalan ninguna cookie.</li>
        <li>No usamos herramientas de analítica ni contadores de visitas, propios ni ajenos.</li>
        <li>No cargamos nada de terceros: ni fuentes, ni scripts, ni imágenes. Tu navegador solo habla con este servidor.</li>
        <li>Las páginas públicas no ejecutan JavaScript, ni nuestro ni ajeno: se leen enteras sin él.</li>
        <li>La aplicación no registra qué páginas visitas ni tu dirección IP.</li>
      </ul>
      <p>
        Si nos escribes, usamos tu correo solo para atender lo que nos pides y lo conservamos mientras sea necesario para ello y para dejar
        constancia de cómo lo atendimos.
      </p>

      <h2 id="derechos">Tus derechos</h2>
      <p>
        Puedes pedirnos acceso a los datos que tengamos sobre ti, su rectificación o su supresión, u oponerte a su tratamiento, escribiendo
        a {mail}. Si crees que no hemos atendido bien tu petición, puedes reclamar ante la{" "}
        <a href="https://www.aepd.es/" rel="noopener noreferrer">
          Agencia Española de Protección de Datos
        </a>
        .
      </p>
      <p>
        Cualquier cambio en esta página se anota en <Link href="/correcciones">Correcciones</Link>.
      </p>
    </div>
  );
}
