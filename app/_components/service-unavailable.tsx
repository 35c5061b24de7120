/** The server-rendered "temporarily unavailable" notice for pages whose data cannot be read. */
import { Link } from "@/app/_components/link";
import { UNAVAILABLE_META } from "@/lib/front-door/page-cache/unavailable-marker";

/** Replaces a page's content (and its h1) while the database is unreachable; not indexed. */
export function ServiceUnavailable() {
  return (
    <div className="prose">
      <meta name="robots" content="noindex" />
      <meta name={UNAVAILABLE_META} content="1" />
      <p className="eyebrow">Servicio no disponible</p>
      <h1>Servicio no disponible temporalmente</h1>
      <p className="lead">
        No hemos podido consultar nuestros datos en este momento. Suele deberse a una parada breve de la base de datos y se resuelve sola en
        unos minutos: vuelve a cargar la página más tarde.
      </p>
      <p>
        Mientras tanto siguen disponibles las páginas que no dependen de los datos, como <Link href="/bot">El bot</Link> o{" "}
        <Link href="/privacidad">Privacidad</Link>.
      </p>
    </div>
  );
}
