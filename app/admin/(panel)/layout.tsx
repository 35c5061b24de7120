/** The admin's frame (SPEC ADM-2, ADM-3): its own header, navigation with the attention badge, and logout; only with a session. */
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { listAttention } from "@/db/admin-attention";
import { appConfig, database, siteClock } from "@/db/server";
import { siteUrlWarning } from "@/lib/site-url-check";
import { requireOperator } from "@/app/admin/_lib/gate";
import "../admin.css";

export const metadata: Metadata = {
  title: { default: "Administración", template: "%s · Administración · Hemeroscopio" },
  robots: { index: false, follow: false },
};
export const dynamic = "force-dynamic";

const SECTIONS = [
  { href: "/admin/atencion", label: "Atención" },
  { href: "/admin", label: "Solicitudes" },
  { href: "/admin/cabeceras", label: "Cabeceras y fuentes" },
  { href: "/admin/salud", label: "Salud del rastreador" },
  { href: "/admin/errores", label: "Errores" },
  { href: "/admin/metricas", label: "Métricas" },
  { href: "/admin/avisos-legales", label: "Avisos legales" },
  { href: "/admin/correcciones", label: "Correcciones" },
  { href: "/admin/registro", label: "Registro de acciones" },
];

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await requireOperator();
  // ADM-3: the badge counts what needs attention; a failed count must not take the admin down.
  const attention = await database()
    .then(({ db }) => listAttention(db, siteClock().now()))
    .then(
      (items) => items.length,
      () => undefined,
    );
  const siteUrlWarn = siteUrlWarning(appConfig());
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="admin-header">
        <div className="wrap">
          <Link className="brand" href="/" prefetch={false}>
            Hemeroscopio
          </Link>
          <nav className="admin-nav" aria-label="Administración">
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.href}>
                  <Link href={s.href} prefetch={false}>
                    {s.label}
                  </Link>
                  {s.href === "/admin/atencion" && attention ? (
                    <span
                      className="attention-badge"
                      data-testid="attention-badge"
                      aria-label={`${attention} ${attention === 1 ? "asunto pendiente" : "asuntos pendientes"}`}
                    >
                      {attention}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
          <form method="post" action="/admin/salir" className="inline-form">
            <input type="hidden" name="csrf" value={session.csrf} />
            <button type="submit">Salir</button>
          </form>
        </div>
      </header>
      <main id="contenido" tabIndex={-1} className="wrap admin-main">
        {siteUrlWarn ? (
          <p className="notice" role="alert" data-testid="site-url-warning">
            {siteUrlWarn}
          </p>
        ) : null}
        {children}
      </main>
    </>
  );
}
