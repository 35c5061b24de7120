/** "Cuando nos bloqueáis": closed resources, rate limits, challenges and hourly probes (SPEC BLK-*). */
import { Link } from "@/app/_components/link";
import type { BotPageData } from "@/lib/pages/bot-page";

/** How the bot reacts to blocks and rate limits. */
export function Blocks({ data }: { data: BotPageData }) {
  const { limits: l, commitments: c } = data;
  return (
    <section aria-labelledby="bloqueos">
      <h2 id="bloqueos">Cuando nos bloqueáis</h2>
      <p>
        Un 403 o un 401 cierra el recurso: no reintentamos, no cambiamos de cliente ni de dirección, no usamos un navegador automatizado
        para «pasar». Las páginas de desafío antibots (las de «Just a moment…» y similares) cuentan como un bloqueo aunque lleguen con un
        200, y nunca se leen como contenido. Mientras la portada de una cabecera esté cerrada para nosotros, tampoco leemos sus noticias: no
        entramos por otra puerta.
      </p>
      <p>
        Un 429 o un 503 detiene todas nuestras peticiones a ese sitio. Esperamos exactamente lo que pida la cabecera{" "}
        <code>Retry-After</code>, nunca menos; si no la hay, esperamos cada vez más. Si la espera pedida supera{" "}
        <span data-testid="retry-after-give-up">{l.retryAfterGiveUp}</span>, abandonamos esa ronda en lugar de volver antes. Si un servidor
        deja de responder, también paramos en vez de insistir.
      </p>
      <p>
        Si más del {c.degradedShare} de las capturas de una cabecera fallan durante {c.degradedWindow}, la cabecera pasa a «sin posición» o
        «sin cuerpo» y lo decimos en <Link href="/estado">Estado</Link>. Tampoco usamos cuentas, cookies, el nombre de otros bots, versiones
        AMP ni cachés para leer contenido cerrado; no leemos ningún cuerpo de pago aunque viaje en el HTML.
      </p>
      <p>
        Lo que sí hacemos es preguntar de vez en cuando si el bloqueo sigue ahí, para no dar por perdida una portada que hoy vuelve a estar
        abierta. Cuando la portada de una cabecera queda cerrada, hacemos una sola petición por servidor {l.probeEvery}, con este mismo
        User-Agent, comprobando antes tu robots.txt y sin reintentos. Si responde, la cabecera vuelve a medirse sola; si no, se anota el
        intento y se espera a la siguiente. En Estado y en la ficha de cada cabecera publicamos desde cuándo está cerrada su portada y qué
        porcentaje de esos intentos respondió en los últimos {c.degradedWindow}. Si prefieres que dejemos de preguntar, dínoslo en{" "}
        <Link href="/editores">Editores</Link> o bloquéanos por nombre en tu robots.txt: en ambos casos no se vuelve a pedir nada.
      </p>
    </section>
  );
}
