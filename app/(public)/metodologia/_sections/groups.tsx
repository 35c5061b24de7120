/** How outlets are grouped (docs/outlet-groups.md): declared groups, derived ones, and the calls behind them. */
import { Link } from "@/app/_components/link";

/** The groups every filter offers, and where they come from. */
export function Groups() {
  return (
    <section aria-labelledby="grupos">
      <h2 id="grupos">Grupos de cabeceras</h2>
      <p>
        Cada cabecera pertenece a uno o varios grupos, y la portada, <Link href="/cabeceras">Cabeceras</Link>, la búsqueda, las aperturas
        del día, las descargas y la API se pueden limitar a uno de ellos (<code>?grupo=</code> en las páginas, <code>group=</code> en la
        API). Los grupos salen de dos sitios:
      </p>
      <ul>
        <li>
          <strong>La lista de medios</strong> los declara: el ámbito (<code>nacional</code>, <code>regional</code>, <code>local</code> o{" "}
          <code>agencia</code>, uno como mucho), si es un medio público (<code>publica</code>), si es radio o televisión, si nació en la red
          (<code>nativo-digital</code>) y la comunidad donde tiene su sede (<code>galicia</code>, <code>euskadi</code>…).
        </li>
        <li>
          <strong>Su país y su idioma</strong> dan otros dos, que no se escriben a mano: <code>pais-es</code>, <code>idioma-ca</code>.
        </li>
      </ul>
      <p>
        Clasificar un medio es un juicio: La Vanguardia figura como nacional (se lee y se vende en toda España) con sede en Cataluña, y El
        Periódico como regional. Si crees que alguno está mal clasificado, escríbenos: el cambio se anota en Correcciones.
      </p>
    </section>
  );
}
