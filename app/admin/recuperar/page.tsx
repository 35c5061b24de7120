/**
 * Recovery of the operator's passphrase (SPEC ADM-1): a code printed in the site's log
 * (lib/admin/one-time-codes.ts) lets whoever can read that log, the operator, choose a new
 * passphrase. Closed when the deployment gives the hash (then the operator changes
 * HEMEROSCOPIO_OPERATOR_PASSWORD_HASH instead).
 */
import type { Metadata } from "next";
import Link from "next/link";
import { appConfig } from "@/db/server";
import { MIN_PASSWORD_LENGTH } from "@/lib/admin/password";
import { HONEYPOT_FIELD, issueFormToken } from "@/lib/forms/guard";
import { siteSecret } from "@/app/_lib/forms/secret";
import { LoginFrame } from "../_lib/login-frame";

export const metadata: Metadata = { title: "Recuperar la cuenta de operador", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const honeypot = (
  <div className="honeypot" aria-hidden="true">
    <label>
      Deja este campo vacío <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </label>
  </div>
);

export default async function RecoveryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const asked = (await searchParams).pedido === "1";
  if (appConfig().operatorPasswordHash) {
    return (
      <LoginFrame title="Recuperar la cuenta de operador">
        <p>
          La contraseña la fija la configuración del servidor (<code>HEMEROSCOPIO_OPERATOR_PASSWORD_HASH</code>): cámbiala allí y reinicia.{" "}
          <Link href="/admin/entrar" prefetch={false}>
            Entrar
          </Link>
          .
        </p>
      </LoginFrame>
    );
  }
  const now = Date.now();
  return (
    <LoginFrame title="Recuperar la cuenta de operador">
      {asked ? (
        <p className="notice" data-testid="recovery-asked">
          Si la cuenta existe, el código está ya en el registro del servidor (línea <code>operator.recovery_code</code>). Vale 15 minutos.
        </p>
      ) : null}
      <p>1. Pide un código: el servidor lo escribe en su registro, que solo puede leer quien lo administra.</p>
      <form method="post" action="/admin/recuperar/codigo">
        <input type="hidden" name="ficha" value={issueFormToken(siteSecret(), "recovery-ask", now)} />
        {honeypot}
        <button type="submit">Escribir un código en el registro</button>
      </form>
      <p>
        2. Escribe ese código y elige una contraseña nueva (al menos {MIN_PASSWORD_LENGTH} caracteres). Las sesiones abiertas se cierran.
      </p>
      <form method="post" action="/admin/recuperar/enviar">
        <input type="hidden" name="ficha" value={issueFormToken(siteSecret(), "recovery", now)} />
        <label>
          Código <input type="text" name="codigo" required autoComplete="off" spellCheck={false} maxLength={40} />
        </label>
        <label>
          Contraseña nueva{" "}
          <input type="password" name="clave" required minLength={MIN_PASSWORD_LENGTH} maxLength={256} autoComplete="new-password" />
        </label>
        <label>
          Repite la contraseña{" "}
          <input type="password" name="repite" required minLength={MIN_PASSWORD_LENGTH} maxLength={256} autoComplete="new-password" />
        </label>
        {honeypot}
        <button type="submit">Cambiar la contraseña</button>
      </form>
    </LoginFrame>
  );
}
