/** What a 404 says: the heading and the ways on, shared by the not-found boundary and the not-found page. */
import { Link } from "@/app/_components/link";

/** The 404's content, without the site frame around it. */
export function NotFoundContent() {
  return (
    <div className="prose">
      <p className="eyebrow">Error 404</p>
      <h1>Página no encontrada</h1>
      <p className="lead">No hay ninguna página en esta dirección. Puede que el enlace esté mal escrito o que la página se haya movido.</p>
      <ul>
        <li>
          <Link href="/">Volver al inicio</Link>
        </li>
        <li>
          <Link href="/cabeceras">Ver las cabeceras que seguimos</Link>
        </li>
        <li>
          <Link href="/correcciones">Consultar las correcciones</Link>, por si la página cambió de sitio
        </li>
      </ul>
    </div>
  );
}
