/** "Quién es": User-Agent, From, signature, egress addresses and contacts. */
import { Link } from "@/app/_components/link";
import type { BotPageData } from "@/lib/pages/bot-page";

/** Identity facts of the bot (SPEC ID-1, ID-3, ID-4). */
export function Identity({ data }: { data: BotPageData }) {
  const { identity: id, paths, contacts } = data;
  return (
    <section aria-labelledby="quien-es">
      <h2 id="quien-es">Quién es</h2>
      <p>
        Cada petición del bot lleva esta cabecera <code>User-Agent</code>:
      </p>
      <pre className="copyable">
        <code data-testid="user-agent">{id.userAgent}</code>
      </pre>
      <p>
        Es la única que usamos: no rotamos identidades ni imitamos navegadores, tampoco cuando abrimos una portada con un navegador
        automatizado.
      </p>
      <dl className="facts">
        <dt>From</dt>
        <dd>
          <code>{id.from}</code>, en cada petición.
        </dd>
        <dt>Nombre en robots.txt</dt>
        <dd>
          <code>{id.productToken}</code> (sin distinguir mayúsculas).
        </dd>
        <dt>Firma</dt>
        <dd>
          Cada petición va firmada con Web Bot Auth (firmas de mensajes HTTP, RFC 9421) y lleva la cabecera <code>Signature-Agent</code> con{" "}
          <code>{id.signatureAgent}</code>. Nuestras claves públicas están en{" "}
          <a href={paths.keyDirectory}>
            <code>{paths.keyDirectory}</code>
          </a>
          .
        </dd>
        <dt>Direcciones IP de salida</dt>
        <dd>
          {id.egressIps.length > 0 ? (
            <>
              Todas las peticiones salen de {id.egressIps.length === 1 ? "esta dirección" : "estas direcciones"}:{" "}
              {id.egressIps.map((ip, i) => (
                <span key={ip}>
                  {i > 0 ? ", " : ""}
                  <code>{ip}</code>
                </span>
              ))}
              .
            </>
          ) : (
            <>Todavía sin dirección fija publicada; la anotaremos aquí en cuanto el servidor esté desplegado.</>
          )}{" "}
          También en formato legible por máquina:{" "}
          <a href={paths.ipsJson}>
            <code>{paths.ipsJson}</code>
          </a>
          .
        </dd>
        <dt>Correo</dt>
        <dd>
          <a href={`mailto:${contacts.bot}`} data-testid="mail-bot">
            {contacts.bot}
          </a>{" "}
          (cuestiones técnicas) ·{" "}
          <a href={`mailto:${contacts.publishers}`} data-testid="mail-publishers">
            {contacts.publishers}
          </a>{" "}
          (exclusiones y réplicas) ·{" "}
          <a href={`mailto:${contacts.privacy}`} data-testid="mail-privacy">
            {contacts.privacy}
          </a>{" "}
          (protección de datos). Respondemos en 24 horas laborables.
        </dd>
        <dt>Quién lo opera</dt>
        <dd>
          Una persona, sin ánimo de lucro. Ver <Link href="/quienes-somos">Quiénes somos</Link>.
        </dd>
      </dl>
    </section>
  );
}
