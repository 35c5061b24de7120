/** The Spanish "bad request" notice, shown with HTTP 400 (the proxy sets the status). */
import Link from "next/link";

/** Replaces a page's content when its query string is wrong; not indexed. */
export function BadRequest({ reason, back }: { reason: string; back: string }) {
  return (
    <div className="prose">
      <meta name="robots" content="noindex" />
      <p className="eyebrow">Error 400</p>
      <h1>Solicitud incorrecta</h1>
      <p className="lead">{reason}</p>
      <p><Link href={back} prefetch={false}>Volver a empezar</Link></p>
    </div>
  );
}
