/** "Cómo excluirse o replicar": exclusion scopes, "slow down" requests, replies and bylines (SPEC PUB-1…5, PUB-7). */
import { Link } from "@/app/_components/link";
import type { BotPageData } from "@/lib/pages/bot-page";
import { MIN_PAUSE_SECONDS } from "@/lib/policy";

/** The ways out: exclusions, slowing the bot down, replies, byline removal. */
export function OptOut({ data }: { data: BotPageData }) {
  const { commitments: c, contacts } = data;
  return (
    <section aria-labelledby="excluirse">
      <h2 id="excluirse">Cómo excluirse o replicar</h2>
      <ul>
        <li>
          <strong>Exclusión:</strong> <Link href="/editores">Editores</Link>. Cuatro alcances: sin titulares literales, sin anotación de
          modelo, sin posición y total. Se aplica en menos de {c.exclusionByForm} (formulario automático) o de {c.exclusionByMail} (correo),
          se confirma en {c.exclusionConfirmed} y queda registrada públicamente.
        </li>
        <li data-testid="slow-down">
          <strong>Ir más despacio:</strong> sin excluirse, una cabecera puede pedir desde <Link href="/editores#despacio">Editores</Link>{" "}
          que pidamos su portada como mucho cada hora, sus feeds y sitemaps como mucho cada hora, que no abramos ninguna página de artículo,
          o una pausa mínima entre dos peticiones a su dominio, de {MIN_PAUSE_SECONDS.least} a {MIN_PAUSE_SECONDS.most} segundos. Se prueba
          igual que una exclusión (el mismo código en el robots.txt), nuestro planificador la aplica en menos de {c.exclusionByForm} y queda
          en el mismo registro público.
        </li>
        <li>
          <strong>Réplica:</strong> cualquier cabecera puede enviar una réplica, que publicamos íntegra en su página en un plazo de{" "}
          {c.replyPublished}. Ver <Link href="/replicas">Réplicas</Link>.
        </li>
        <li>
          <strong>Periodistas:</strong> si no quieres ver tu firma junto a un titular citado, pídelo con el formulario de{" "}
          <Link href="/privacidad">Privacidad</Link> (o escribe a <a href={`mailto:${contacts.privacy}`}>{contacts.privacy}</a>); retiramos
          la firma y el titular queda citado «sin firma a petición del autor».
        </li>
      </ul>
    </section>
  );
}
