/** The operator's login (SPEC ADM-1). Without JavaScript; signed form token against login CSRF. */
import type { Metadata } from "next";
import Link from "next/link";
import { operatorExists } from "@/db/queries/admin/operator";
import { appConfig } from "@/db/server";
import { HONEYPOT_FIELD, issueFormToken } from "@/lib/forms/guard";
import { safeNext } from "@/lib/admin/session";
import { readSiteData } from "@/app/_lib/pages/data";
import { siteSecret } from "@/app/_lib/forms/secret";
import { LoginFrame } from "../_lib/login-frame";

export const metadata: Metadata = { title: "Entrar", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/** The form; `next` (validated) is where the operator lands after login. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const next = safeNext(typeof params.next === "string" ? params.next : undefined);
  const exists = await readSiteData(operatorExists);
  const setupOpen = exists.ok && !exists.value && !appConfig().operatorPasswordHash;
  return (
    <LoginFrame title="Entrar">
      {setupOpen ? (
        <p className="notice">
          Todavía no hay cuenta de operador.{" "}
          <Link href="/admin/configurar" prefetch={false}>
            Créala ahora
          </Link>
          .
        </p>
      ) : null}
      <form method="post" action="/admin/entrar/enviar">
        <input type="hidden" name="ficha" value={issueFormToken(siteSecret(), "login", Date.now())} />
        <input type="hidden" name="next" value={next} />
        <label>
          Contraseña
          <input type="password" name="clave" required autoComplete="current-password" maxLength={256} />
        </label>
        <div className="honeypot" aria-hidden="true">
          <label>
            Deja este campo vacío <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button type="submit">Entrar</button>
      </form>
      {setupOpen ? null : (
        <p>
          <Link href="/admin/recuperar" prefetch={false}>
            ¿Has olvidado la contraseña?
          </Link>
        </p>
      )}
    </LoginFrame>
  );
}
