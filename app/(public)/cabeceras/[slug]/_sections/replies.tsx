/** "Réplicas del medio" (SPEC PUB-4): published replies in full, exactly as sent (React escapes them). */
import { Link } from "@/app/_components/link";
import type { PublishedReply } from "@/db/queries/outlet-page/replies";
import { Moment } from "../../../../_components/moment";

/** Each reply with its author and dates; the text keeps its line breaks. */
export function RepliesSection({ replies, timeZone }: { replies: PublishedReply[]; timeZone: string }) {
  return (
    <section aria-labelledby="replicas">
      <h2 id="replicas">Réplicas del medio</h2>
      {replies.length === 0 ? (
        <p>
          Este medio no nos ha enviado ninguna réplica publicada. Cómo enviarla: <Link href="/replicas">Réplicas</Link>.
        </p>
      ) : (
        <ol className="replies">
          {replies.map((r) => (
            <li key={r.id}>
              <p className="hint">
                De {r.author}; recibida el <Moment at={r.receivedAt} timeZone={timeZone} />, publicada el{" "}
                <Moment at={r.publishedAt} timeZone={timeZone} />.
              </p>
              <blockquote className="reply-text">{r.text}</blockquote>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
