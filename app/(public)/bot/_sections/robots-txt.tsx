/** "robots.txt": how we read it, what errors mean, and how to exclude us (SPEC ROB-*). */
import { Link } from "@/app/_components/link";
import type { BotPageData } from "@/lib/pages/bot-page";

/** Our robots.txt policy, with a copyable exclusion group. */
export function RobotsTxt({ data }: { data: BotPageData }) {
  const { limits: l, commitments: c } = data;
  return (
    <section aria-labelledby="robots">
      <h2 id="robots">robots.txt</h2>
      <p>
        Obedecemos el robots.txt de cada servidor (también el de los servidores que alojan los feeds y los sitemaps) según la RFC 9309, con
        una caché de {l.robotsCache}. Guardamos cada versión distinta que hemos obedecido, como prueba. Las reglas que aplicamos son las del
        grupo con nuestro nombre y, si no lo hay, las del grupo <code>*</code>.
      </p>
      {data.robots4xx === "not-read" ? (
        <p data-testid="robots-4xx">
          Si un robots.txt responde con un error 4xx, tratamos ese servidor como «sin robots legible» y no leemos nada de él. Es más
          estricto que la norma, que permitiría leerlo todo.
        </p>
      ) : (
        <p data-testid="robots-4xx">
          Si un robots.txt responde con un error 4xx, seguimos la RFC 9309: entendemos que el servidor no publica reglas y lo leemos,
          siempre al ritmo descrito arriba.
        </p>
      )}
      <p>
        Si responde con un error 5xx, tarda demasiado o no se puede alcanzar, usamos la última copia válida durante {l.robotsStaleLimit}{" "}
        como máximo y después no leemos nada hasta que vuelva a responder.
      </p>
      <p>
        Lo que el robots.txt de cada cabecera dice a los demás rastreadores (los de inteligencia artificial, entre otros), y desde cuándo,
        está en <Link href="/robots">quién bloquea a qué robots</Link>.
      </p>
      <p id="excluir">Para excluir a este bot, añade a tu robots.txt:</p>
      <pre className="copyable" data-testid="robots-example">
        <code>{data.identity.robotsExample}</code>
      </pre>
      <p className="hint">Un clic sobre el bloque lo selecciona entero para copiarlo.</p>
      <p>
        Lo aplicamos la próxima vez que leemos tu robots.txt, en menos de {l.robotsCache}. Si prefieres una exclusión parcial (por ejemplo,
        que solo dejemos de mostrar tus titulares literales), usa <Link href="/editores">Editores</Link>: se aplica en menos de{" "}
        {c.exclusionByForm} cuando llega por el formulario automático y en menos de {c.exclusionByMail} cuando llega por correo.
      </p>
    </section>
  );
}
