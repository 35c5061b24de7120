/**
 * First-run setup (SPEC ADM-1): the operator chooses the password, once. Closed as soon as
 * an operator exists or when the deployment gives a hash (HEMEROSCOPIO_OPERATOR_PASSWORD_HASH).
 */
import type { Metadata } from "next";
import Link from "next/link";
import { operatorExists } from "@/db/queries/admin/operator";
import { appConfig } from "@/db/server";
import { HONEYPOT_FIELD, issueFormToken } from "@/lib/forms/guard";
import { MIN_PASSWORD_LENGTH } from "@/lib/admin/password";
import { readSiteData } from "@/app/_lib/pages/data";
import { siteSecret } from "@/app/_lib/forms/secret";
import { LoginFrame } from "../_lib/login-frame";

export const metadata: Metadata = { title: "Crear la cuenta de operador", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function SetupPage() {
  const exists = await readSiteData(operatorExists);
  if (!exists.ok)
    return (
      <LoginFrame title="Crear la cuenta de operador">
        <p>Ahora mismo no podemos consultar la base de datos.</p>
      </LoginFrame>
    );
  if (exists.value || appConfig().operatorPasswordHash) {
    return (
      <LoginFrame title="Crear la cuenta de operador">
        <p data-testid="setup-closed">
          La cuenta de operador ya existe.{" "}
          <Link href="/admin/entrar" prefetch={false}>
            Entrar
          </Link>
          .
        </p>
      </LoginFrame>
    );
  }
  return (
    <LoginFrame title="Crear la cuenta de operador">
      <p>
        Elige la contraseña de la única cuenta de operador (al menos {MIN_PASSWORD_LENGTH} caracteres). Se guarda solo como un resumen
        scrypt con sal.
      </p>
      <p>
        Para demostrar que administras el servidor, escribe el código de configuración que <code>npm start</code> muestra en su registro al
        arrancar (línea <code>operator.setup_code</code>).
      </p>
      <form method="post" action="/admin/configurar/enviar">
        <input type="hidden" name="ficha" value={issueFormToken(siteSecret(), "setup", Date.now())} />
        <label>
          Código de configuración <input type="text" name="codigo" required autoComplete="off" spellCheck={false} maxLength={40} />
        </label>
        <label>
          Contraseña{" "}
          <input type="password" name="clave" required minLength={MIN_PASSWORD_LENGTH} maxLength={256} autoComplete="new-password" />
        </label>
        <label>
          Repite la contraseña{" "}
          <input type="password" name="repite" required minLength={MIN_PASSWORD_LENGTH} maxLength={256} autoComplete="new-password" />
        </label>
        <div className="honeypot" aria-hidden="true">
          <label>
            Deja este campo vacío <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button type="submit">Crear la cuenta</button>
      </form>
    </LoginFrame>
  );
}
