/** One exclusion or "slow down" request: the code to place, where, and whether we have found it yet (SPEC PUB-2, PUB-7). */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { notFound } from "next/navigation";
import { findExclusionByToken, type ExclusionStatus } from "@/db/queries/forms/exclusions";
import { appConfig, siteClock } from "@/db/server";
import { confirmationPromise, requestLabel, VERIFICATION_DAYS, VERIFICATION_PATH } from "@/lib/exclusion-request";
import { readSiteData } from "@/app/_lib/pages/data";
import { isSlowDown } from "@/lib/policy";
import { formatMoment } from "@/lib/pages/period";
import { Moment } from "../../../../_components/moment";
import { PageHeader } from "../../../../_components/page-header";
import { ServiceUnavailable } from "../../../../_components/service-unavailable";

export const metadata: Metadata = { title: "Solicitud de exclusión", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

function State({ r, mail }: { r: ExclusionStatus; mail: boolean }) {
  if (r.withdrawnAt !== undefined)
    return (
      <p data-testid="state">
        Retirada el <Moment at={r.withdrawnAt} />.
      </p>
    );
  if (r.appliedAt !== undefined) {
    return (
      <p data-testid="state">
        <strong>Aplicada</strong> el <Moment at={r.appliedAt} />.{" "}
        {r.confirmedAt !== undefined ? (
          <>
            Confirmada el <Moment at={r.confirmedAt} />.
          </>
        ) : (
          <>
            {confirmationPromise(mail)}
            {mail ? null : (
              <>
                {" "}
                <Link href="/editores#register">Ver el registro</Link>.
              </>
            )}
          </>
        )}
      </p>
    );
  }
  const lapsed = siteClock().now() - r.receivedAt > VERIFICATION_DAYS * 86_400_000;
  return (
    <p data-testid="state">
      <strong>Pendiente</strong>:{" "}
      {lapsed
        ? `caducada: no encontramos el código en ${VERIFICATION_DAYS} días.`
        : r.checks === 0
          ? "todavía no hemos buscado el código; lo haremos en unos minutos."
          : `hemos buscado el código ${r.checks} ${r.checks === 1 ? "vez" : "veces"} y aún no lo encontramos ni en el robots.txt ni en ${VERIFICATION_PATH}.`}{" "}
      Esta página se actualiza al recargarla.
    </p>
  );
}

export default async function ExclusionRequestPage({ params }: Props) {
  const { token } = await params;
  if (!/^hemeroscopio-verificacion-[0-9a-f]{32}$/.test(token)) notFound();
  const read = await readSiteData((db) => findExclusionByToken(db, token));
  if (!read.ok) return <ServiceUnavailable />;
  const r = read.value;
  if (!r) notFound();
  return (
    <>
      <PageHeader
        eyebrow="Editores"
        title={isSlowDown(r.scope) ? "Petición de ir más despacio" : "Solicitud de exclusión"}
        lead={`${requestLabel(r.scope, r.minPauseSeconds)} para ${r.outletName ?? r.domain}, recibida el ${formatMoment(r.receivedAt)} (hora peninsular).`}
      />
      <State r={r} mail={appConfig().mail !== undefined} />
      <h2>Tu código</h2>
      <p>
        <code data-testid="token">{token}</code>
      </p>
      <p>
        Colócalo en el dominio <strong>{r.domain}</strong> de una de estas dos maneras:
      </p>
      <ul>
        <li>
          como comentario en tu robots.txt, en una línea propia: <code># {token}</code>
        </li>
        <li>
          o como único contenido del archivo <code>{VERIFICATION_PATH}</code>.
        </li>
      </ul>
      <p className="hint">Guarda la dirección de esta página para consultar el estado de tu solicitud.</p>
    </>
  );
}
