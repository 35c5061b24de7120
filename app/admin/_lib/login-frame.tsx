/** The frame of the pages reachable without a session (login and first-run setup). */
import type { ReactNode } from "react";
import "../admin.css";

/** A small centered page with the site's name. */
export function LoginFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="contenido" className="admin-login">
      <p className="brand">
        Hemeroscopio <span className="muted">· administración</span>
      </p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
