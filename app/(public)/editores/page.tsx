/** "Editores": the exclusion scopes, the "slow down" requests, the automatic form and the public register (SPEC WEB-1, PUB-1…3, PUB-7). */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { Fragment } from "react";
import { exclusionRegister, type ExclusionStatus } from "@/db/queries/forms/exclusions";
import { appConfig } from "@/db/server";
import { EXCLUSION_FORM, requestLabel, SCOPE_LABELS, VERIFICATION_DAYS } from "@/lib/exclusion-request";
import { EXCLUSION_SCOPES, isSlowDown, MIN_PAUSE_SECONDS, SCOPES, SLOW_DOWN_SCOPES } from "@/lib/policy";
import { readSiteData } from "@/app/_lib/pages/data";
import { Moment } from "../../_components/moment";
import { PageHeader } from "../../_components/page-header";
import { FormGuardFields } from "@/app/_components/form-guard-fields";

export const metadata: Metadata = { title: "Editores" };
// The form carries a token signed at render time.
export const dynamic = "force-dynamic";

/** What each scope means, in plain Spanish (PUB-1, PUB-3, PUB-7). */
const SCOPE_TEXT: Record<(typeof SCOPES)[number], string> = {
  "sin-titulares-literales":
    "Seguimos registrando cuándo publicas y dónde colocas cada noticia, pero no mostramos tus titulares tal cual: ni en las páginas, ni en la búsqueda, ni en los datos abiertos.",
  "sin-anotacion-de-modelo":
    "Ningún modelo analiza tus titulares ni tus entradillas: no detectamos su idioma, no les asignamos encuadre y no los agrupamos en historias (tus artículos no entran en ninguna historia ni en sus términos clave). Lo ya calculado se borra a los pocos minutos de aplicarse. Lo demás se mantiene, también las reglas que no son modelos: las fórmulas reconocidas en los titulares y la detección de copia de agencia.",
  "sin-posicion": "Dejamos de capturar tu portada y de mostrar en qué lugar colocas cada noticia.",
  total:
    "No volvemos a pedir nada a tu web, no mostramos nada tuyo y borramos en 72 horas todo lo que guardamos de tu cabecera, salvo el registro de esta decisión y el de nuestras peticiones.",
  "sin-sondeo": "Si tu portada nos tiene cerrada, dejamos de comprobar cada hora si ha vuelto a abrirse.",
  "portada-cada-hora":
    "Pedimos tu portada una vez por hora como mucho, en lugar de cada 15 minutos cuando se mueve. Las posiciones se siguen mostrando, con menos detalle.",
  "fuentes-cada-hora": "Pedimos cada uno de tus feeds y sitemaps una vez por hora como mucho, en lugar de cada 10 o 15 minutos.",
  "sin-lectura-de-articulos":
    "No abrimos ninguna página de artículo: solo leemos portada, feeds y sitemaps. Dejamos de conocer firmas, secciones y titulares de la página del artículo.",
  "pausa-minima": `Entre dos peticiones cualesquiera a tu dominio (portada, feeds, sitemaps, artículos, robots.txt) dejamos pasar al menos los segundos que indiques, entre ${MIN_PAUSE_SECONDS.least} y ${MIN_PAUSE_SECONDS.most}, en lugar de 3 a 5. Se suma a la pausa de tu robots.txt (Crawl-delay): manda la mayor. Vale para todos nuestros procesos desde la siguiente petición.`,
};

function Register({ rows }: { rows: ExclusionStatus[] }) {
  if (rows.length === 0)
    return <p data-testid="register-empty">Todavía no se ha aplicado ninguna exclusión ni petición de ir más despacio.</p>;
  return (
    <div className="table-wrap">
      <table data-testid="register">
        <thead>
          <tr>
            <th scope="col">Cabecera o dominio</th>
            <th scope="col">Petición</th>
            <th scope="col">Recibida</th>
            <th scope="col">Aplicada</th>
            <th scope="col">Confirmada</th>
            <th scope="col">Datos borrados</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <th scope="row">
                {r.outletName ?? r.domain}
                {r.withdrawnAt !== undefined ? " (retirada)" : ""}
              </th>
              <td>
                {isSlowDown(r.scope) ? "Ir más despacio: " : ""}
                {requestLabel(r.scope, r.minPauseSeconds)}
              </td>
              <td>
                <Moment at={r.receivedAt ?? null} />
              </td>
              <td>
                <Moment at={r.appliedAt ?? null} />
              </td>
              <td>
                <Moment at={r.confirmedAt ?? null} />
              </td>
              <td>{r.scope === "total" ? <Moment at={r.dataDeletedAt ?? null} unknown="pendiente" /> : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default async function PublishersPage() {
  const { publishersEmail: contactEmail } = appConfig();
  const register = await readSiteData(exclusionRegister);
  return (
    <>
      <PageHeader
        title="Editores"
        lead="Si eres responsable de una cabecera, puedes pedir que dejemos de mostrar o de recoger parte de lo que publicas, o todo, o que vayamos más despacio. Es automático y se aplica en menos de 15 minutos desde que comprobamos que controlas el dominio."
      />
      <section aria-labelledby="scopes">
        <h2 id="scopes">Qué puedes pedirnos</h2>
        <dl className="facts">
          {EXCLUSION_SCOPES.map((s) => (
            <Fragment key={s}>
              <dt>{SCOPE_LABELS[s]}</dt>
              <dd>{SCOPE_TEXT[s]}</dd>
            </Fragment>
          ))}
        </dl>
        <h3 id="despacio">Ir más despacio</h3>
        <p>
          Si no quieres excluirte pero nuestras visitas te pesan, puedes pedirnos un ritmo menor para tu dominio. Son cuatro peticiones, que
          se pueden combinar (una solicitud para cada una), y se prueban igual que una exclusión:
        </p>
        <dl className="facts" data-testid="slow-down-scopes">
          {SLOW_DOWN_SCOPES.map((s) => (
            <Fragment key={s}>
              <dt>{SCOPE_LABELS[s]}</dt>
              <dd>{SCOPE_TEXT[s]}</dd>
            </Fragment>
          ))}
        </dl>
        <p>
          Para cerrar el paso a nuestro bot basta también con tu robots.txt, como se explica en <Link href="/bot">El bot</Link>; lo tratamos
          igual que una exclusión total.
        </p>
      </section>

      <section aria-labelledby="form">
        <h2 id="form">Solicitud automática</h2>
        <ol className="steps">
          <li>Indica el dominio de tu cabecera, qué nos pides (una exclusión o ir más despacio) y un correo de contacto.</li>
          <li>
            Te damos un código. Colócalo como comentario en tu robots.txt (una línea <code># código</code>) o como único contenido de{" "}
            <code>/.well-known/hemeroscopio-verificacion.txt</code> en ese dominio.
          </li>
          <li>
            Nuestro bot lo busca cada dos minutos durante los primeros diez y después cada vez más espaciado (como mucho, cada seis horas),
            respetando su ritmo habitual. En cuanto lo encuentra, la petición se aplica y aparece en el registro. Te la confirmamos en 72
            horas. Si en {VERIFICATION_DAYS} días no aparece, la solicitud caduca.
          </li>
        </ol>
        <form className="search-form" method="post" action="/editores/solicitar">
          <label>
            Dominio de la cabecera
            <input type="text" name="dominio" required maxLength={253} placeholder="p. ej. elpais.com" autoComplete="url" />
          </label>
          <label>
            Petición
            <select name="alcance" required defaultValue="">
              <option value="" disabled>
                Elige una
              </option>
              <optgroup label="Exclusión">
                {EXCLUSION_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {SCOPE_LABELS[s]}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Ir más despacio">
                {SLOW_DOWN_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {SCOPE_LABELS[s]}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
          <label>
            Pausa mínima en segundos (solo para «{SCOPE_LABELS["pausa-minima"]}»)
            <input type="number" name="pausa" min={MIN_PAUSE_SECONDS.least} max={MIN_PAUSE_SECONDS.most} step={1} inputMode="numeric" />
          </label>
          <label>
            Correo de contacto
            <input type="email" name="contacto" required maxLength={320} autoComplete="email" />
          </label>
          <FormGuardFields form={EXCLUSION_FORM} />
          <button type="submit">Enviar la solicitud</button>
        </form>
        <p className="hint">
          Si prefieres escribirnos, hazlo a <a href={`mailto:${contactEmail}`}>{contactEmail}</a> indicando la cabecera y el alcance: lo
          aplicamos en menos de 24 horas laborables y te lo confirmamos en 72 horas.
        </p>
      </section>

      <section aria-labelledby="register">
        <h2 id="register">Registro público de exclusiones</h2>
        <p className="hint">
          Todas las exclusiones y peticiones de ir más despacio aplicadas, con sus fechas (hora peninsular). No publicamos los correos de
          contacto. Para retirar una, escríbenos desde el correo con el que la pediste.
        </p>
        {register.ok ? (
          <Register rows={register.value} />
        ) : (
          <p>Ahora mismo no podemos consultar el registro. Vuelve a intentarlo en unos minutos.</p>
        )}
      </section>
    </>
  );
}
